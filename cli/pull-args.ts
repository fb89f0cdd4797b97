// `arbor push <id>`, `arbor pr <id> [--title …] [--body …]`, `arbor pr status <id>`. Pure.

export type PushCommand = { name: "push"; executionId: string; json: boolean };
export type PrCommand =
  | { name: "pr"; action: "open"; executionId: string; title?: string; body?: string; json: boolean }
  | { name: "pr"; action: "status"; executionId: string; json: boolean };

type Values = Record<string, string | boolean | string[] | undefined>;
type Parsed<T> = { ok: true; command: T } | { ok: false; message: string };

export const PR_OPTIONS = { title: { type: "string" as const, short: "t" as const }, body: { type: "string" as const, short: "b" as const } };

export function parsePushArgs(positionals: string[], json: boolean): Parsed<PushCommand> {
  if (positionals.length === 0) return { ok: false, message: "missing execution id" };
  if (positionals.length > 1) return { ok: false, message: `unexpected argument "${positionals[1]}"` };
  return { ok: true, command: { name: "push", executionId: positionals[0]!, json } };
}

export function parsePrArgs(positionals: string[], values: Values, json: boolean): Parsed<PrCommand> {
  const status = positionals[0] === "status";
  const rest = status ? positionals.slice(1) : positionals;
  if (rest.length === 0) return { ok: false, message: "missing execution id" };
  if (rest.length > 1) return { ok: false, message: `unexpected argument "${rest[1]}"` };
  const title = typeof values.title === "string" ? values.title : undefined;
  const body = typeof values.body === "string" ? values.body : undefined;
  if (status) {
    if (title !== undefined || body !== undefined) return { ok: false, message: "--title and --body go with opening a pull request, not with status" };
    return { ok: true, command: { name: "pr", action: "status", executionId: rest[0]!, json } };
  }
  if (title !== undefined && title.trim() === "") return { ok: false, message: "--title needs a value" };
  return {
    ok: true,
    command: { name: "pr", action: "open", executionId: rest[0]!, ...(title !== undefined ? { title } : {}), ...(body !== undefined ? { body } : {}), json },
  };
}
