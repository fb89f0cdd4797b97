import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { ApiError } from "@/lib/api-error";
import { useCreateSpec, useSpec, useSpecs } from "@/lib/specs/hooks";
import { queryKeys } from "@/lib/query-keys";
import type { Spec } from "@/lib/specs/schema";

const spec: Spec = {
  id: "SPEC-1",
  number: 1,
  title: "Runner",
  body: "",
  projectId: null,
  issueCount: 0,
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
};

function respond(status: number, body: unknown) {
  return { ok: status >= 200 && status < 300, status, statusText: "", text: async () => JSON.stringify(body) };
}

let fetchMock: jest.Mock;
let queryClient: QueryClient;

function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}

beforeEach(() => {
  // A fresh client per test: no cache or retries shared between tests.
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  fetchMock = jest.fn();
  global.fetch = fetchMock as unknown as typeof fetch;
});

afterEach(() => {
  queryClient.clear();
});

describe("useSpecs", () => {
  it("fetches the list with its filters and returns the items", async () => {
    fetchMock.mockResolvedValue(respond(200, { items: [spec] }));
    const { result } = renderHook(() => useSpecs({ q: "run" }), { wrapper });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.data).toEqual([spec]);
    expect(fetchMock).toHaveBeenCalledWith("/api/specs?q=run", expect.objectContaining({ method: "GET" }));
    expect(queryClient.getQueryData(queryKeys.specs.list({ q: "run" }))).toEqual({ items: [spec] });
  });
});

describe("useSpec", () => {
  it("exposes the API's 404 message as the error", async () => {
    fetchMock.mockResolvedValue(respond(404, { error: { code: "not_found", message: "Spec SPEC-9 not found" } }));
    const { result } = renderHook(() => useSpec("spec-9"), { wrapper });
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(result.current.error).toBeInstanceOf(ApiError);
    expect(result.current.error?.message).toBe("Spec SPEC-9 not found");
    expect((result.current.error as ApiError).status).toBe(404);
  });
});

describe("useCreateSpec", () => {
  it("posts the spec, caches it and invalidates spec lists", async () => {
    fetchMock.mockResolvedValue(respond(201, spec));
    queryClient.setQueryData(queryKeys.specs.list({}), { items: [] });
    const { result } = renderHook(() => useCreateSpec(), { wrapper });
    await act(async () => {
      await result.current.mutateAsync({ title: "Runner" });
    });
    expect(fetchMock).toHaveBeenCalledWith("/api/specs", expect.objectContaining({ method: "POST", body: '{"title":"Runner"}' }));
    expect(queryClient.getQueryData(queryKeys.specs.detail("SPEC-1"))).toEqual(spec);
    expect(queryClient.getQueryState(queryKeys.specs.list({}))?.isInvalidated).toBe(true);
  });
});
