// Typed calls for the references API, on top of the shared JSON client.
import { api, type ApiClient } from "@/lib/api-client";
import type { BacklinksResponse, ResolveReferencesResponse } from "@/lib/references/schema";

export function createReferenceApi(client: ApiClient = api) {
  return {
    /** What cites `target` (SPEC-1, ISSUE-1, SESS-1). */
    backlinks: (target: string, signal?: AbortSignal) => client.request<BacklinksResponse>("/api/references", { query: { target }, signal }),
    /** Title, status and last activity of each id; null for ids no entity has. */
    resolve: (ids: readonly string[], signal?: AbortSignal) =>
      client.request<ResolveReferencesResponse>("/api/references/resolve", { query: { ids: ids.join(",") }, signal }),
  };
}

export const referenceApi = createReferenceApi();
