"use client";

import { useEffect, useState } from "react";
import { useDebouncedValue } from "@/lib/hooks/use-debounced-value";
import { replaceSearchParams } from "@/lib/url-state";

/**
 * A list page's search: what is typed, the trimmed query to fetch with once
 * typing pauses, and the address bar kept in step with it and the page's
 * other filters (so a filtered list can be reloaded or shared).
 */
export function useListSearch(initialQuery: string, filters: Record<string, string | undefined> = {}) {
  const [query, setQuery] = useState(initialQuery);
  const q = useDebouncedValue(query.trim(), 250) || undefined;
  // Compared as text (`filters` is a new object on every render); "" for an
  // unset value, which JSON would drop but the address must lose.
  const url = JSON.stringify({ q, ...filters }, (_key, value) => value ?? "");
  useEffect(() => replaceSearchParams(JSON.parse(url)), [url]);
  return { query, setQuery, q };
}
