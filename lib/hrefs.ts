// Addresses of the app's pages, built in one place.

/** An execution's page, optionally scrolled to one event of its log (`#seq-<n>`). */
export function executionHref(id: string, seq?: number | null): string {
  return `/executions/${id}${seq != null ? `#seq-${seq}` : ""}`;
}

/** The compare page for two executions. */
export function compareHref(a: string, b: string): string {
  return `/compare?a=${a}&b=${b}`;
}

/** The log event a `#seq-<n>` hash points at, or null. */
export function seqFromHash(hash: string): number | null {
  const match = /^#seq-(\d+)$/.exec(hash);
  return match ? Number(match[1]) : null;
}
