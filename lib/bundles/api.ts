// Typed calls for the bundles API, on top of the shared JSON client.
import { api, idempotencyKey, type ApiClient } from "@/lib/api-client";
import type { BundleItemRef } from "@/lib/bundles/items";
import type { Bundle, BundleExport, BundleSummary, CreateBundleInput, DeleteBundleResponse, LoadBundleResponse, UpdateBundleInput } from "@/lib/bundles/schema";
import type { ListResponse } from "@/lib/schemas/common";

export type BundleListParams = { q?: string; limit?: number };

export function createBundleApi(client: ApiClient = api) {
  const enc = encodeURIComponent;
  return {
    list: (params: BundleListParams = {}, signal?: AbortSignal) =>
      client.request<ListResponse<BundleSummary>>("/api/bundles", { query: { ...params }, signal }),
    get: (id: string, signal?: AbortSignal) => client.request<Bundle>(`/api/bundles/${enc(id)}`, { signal }),
    create: (input: CreateBundleInput) => client.request<Bundle>("/api/bundles", { method: "POST", body: input }),
    update: (id: string, input: UpdateBundleInput) => client.request<Bundle>(`/api/bundles/${enc(id)}`, { method: "PATCH", body: input }),
    delete: (id: string) => client.request<DeleteBundleResponse>(`/api/bundles/${enc(id)}`, { method: "DELETE" }),
    /** The whole ordered list: add, reorder and remove in one request. */
    setItems: (id: string, items: (BundleItemRef | string)[]) => client.request<Bundle>(`/api/bundles/${enc(id)}/items`, { method: "PUT", body: { items } }),
    addItems: (id: string, items: (BundleItemRef | string)[]) => client.request<Bundle>(`/api/bundles/${enc(id)}/items`, { method: "POST", body: { items } }),
    exportUrl: (id: string) => `/api/bundles/${enc(id)}/export`,
    export: (id: string) => client.request<BundleExport>(`/api/bundles/${enc(id)}/export`),
    import: (document: unknown) => client.request<Bundle>("/api/bundles/import", { method: "POST", body: document }),
    load: (id: string, prompt: string) =>
      client.request<LoadBundleResponse>(`/api/bundles/${enc(id)}/load`, {
        method: "POST",
        body: { prompt },
        headers: { "Idempotency-Key": idempotencyKey() },
      }),
  };
}

export const bundleApi = createBundleApi();
