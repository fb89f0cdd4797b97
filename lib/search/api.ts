// Typed calls for the search API, on top of the shared JSON client.
import { api, type ApiClient } from "@/lib/api-client";
import type { SearchResponse } from "@/lib/search/schema";

export function createSearchApi(client: ApiClient = api) {
  return {
    search: (q: string, limit?: number, signal?: AbortSignal) => client.request<SearchResponse>("/api/search", { query: { q, limit }, signal }),
  };
}

export const searchApi = createSearchApi();
