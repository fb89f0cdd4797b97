/**
 * Mirrors filter state into the address bar without a navigation, so a filtered
 * list can be reloaded or shared. (Next's router stays in sync with history.replaceState.)
 */
export function replaceSearchParams(values: Record<string, string | undefined>): void {
  if (typeof window === "undefined") return;
  const url = new URL(window.location.href);
  for (const [key, value] of Object.entries(values)) {
    if (value) url.searchParams.set(key, value);
    else url.searchParams.delete(key);
  }
  if (url.href !== window.location.href) window.history.replaceState(null, "", url);
}
