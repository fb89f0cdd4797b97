import { ApiError } from "@/lib/api-error";
import { createApiClient } from "@/lib/api-client";
import { createIssueApi } from "@/lib/issues/api";
import { createSpecApi } from "@/lib/specs/api";

// The transport, through the specs and issues calls built on it.
const clients = (options: Parameters<typeof createApiClient>[0]) => {
  const client = createApiClient(options);
  return { specs: createSpecApi(client), issues: createIssueApi(client) };
};

function fakeFetch(status: number, body: unknown, raw = false) {
  return jest.fn(async () => new Response(raw ? (body as string) : JSON.stringify(body), { status }));
}

describe("api client", () => {
  it("returns parsed JSON and builds URLs with encoded query strings", async () => {
    const fetch = fakeFetch(200, { items: [] });
    const api = clients({ baseUrl: "http://arbor.test/", fetch });
    await expect(api.issues.list({ q: "a b", status: "open", specId: undefined })).resolves.toEqual({ items: [] });
    expect(fetch).toHaveBeenCalledWith("http://arbor.test/api/issues?q=a+b&status=open", expect.objectContaining({ method: "GET" }));
  });

  it("sends JSON bodies", async () => {
    const fetch = fakeFetch(201, { id: "SPEC-1" });
    await clients({ fetch }).specs.create({ title: "t" });
    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.method).toBe("POST");
    expect(init.body).toBe('{"title":"t"}');
    expect(new Headers(init.headers).get("content-type")).toBe("application/json");
  });

  it("throws ApiError carrying the API's message, code and field errors", async () => {
    const fetch = fakeFetch(422, {
      error: { code: "validation_failed", message: "title: Title is required", details: { fieldErrors: { title: ["Title is required"] } } },
    });
    const error = await clients({ fetch })
      .specs.create({ title: "" })
      .catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: "title: Title is required", status: 422, code: "validation_failed" });
    expect(error.fieldErrors).toEqual({ title: ["Title is required"] });
  });

  it("describes non-JSON failures and unreachable servers", async () => {
    const html = await clients({ fetch: fakeFetch(502, "<html>", true) })
      .specs.get("SPEC-1")
      .catch((e) => e);
    expect(html).toMatchObject({ status: 502, code: "http_error" });
    expect(html.message).toMatch(/502/);

    const down = await clients({
      fetch: jest.fn(async () => {
        throw new TypeError("fetch failed");
      }),
    })
      .specs.get("SPEC-1")
      .catch((e) => e);
    expect(down).toMatchObject({ status: 0, code: "network_error" });
  });

  it("encodes ids in paths and passes detachIssues", async () => {
    const fetch = fakeFetch(200, {});
    const api = clients({ fetch });
    await api.specs.delete("SPEC-1", { detachIssues: true });
    await api.issues.get("a/b");
    expect(fetch.mock.calls.map((c) => (c as unknown[])[0])).toEqual(["/api/specs/SPEC-1?detachIssues=true", "/api/issues/a%2Fb"]);
  });
});
