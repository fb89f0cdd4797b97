/** A single string from Next's page `searchParams` (first value of repeated keys). */
export function firstParam(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

export type PageSearchParams = Promise<Record<string, string | string[] | undefined>>;
