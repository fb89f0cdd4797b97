import { ApiError } from "@/lib/api-error";
import { ApiClient, UnreachableError, errorFromResponse, isConnectError, normalizeBaseUrl } from "./http";

type Call = { url: string; init: RequestInit };

function fakeFetch(answers: Array<Response | Error>) {
  const calls: Call[] = [];
  const impl = (async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    const a = answers[calls.length - 1];
    if (!a) throw new Error("no more answers");
    if (a instanceof Error) throw a;
    return a;
  }) as unknown as typeof fetch;
  return { impl, calls };
}

function netError(code: string, nested = false): Error {
  const inner = Object.assign(new Error(code), { code });
  const cause = nested ? Object.assign(new AggregateError([inner], "agg"), {}) : inner;
  return new TypeError("fetch failed", { cause });
}

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

describe("normalizeBaseUrl", () => {
  it("trims trailing slashes and keeps a path prefix", () => {
    expect(normalizeBaseUrl("http://127.0.0.1:3000/")).toBe("http://127.0.0.1:3000");
    expect(normalizeBaseUrl("https://h/arbor/")).toBe("https://h/arbor");
  });
  it("rejects garbage", () => {
    expect(() => normalizeBaseUrl("not a url")).toThrow(/invalid Arbor URL/);
    expect(() => normalizeBaseUrl("ftp://h")).toThrow(/invalid Arbor URL/);
  });
});

describe("ApiClient", () => {
  it("sends JSON, the bearer token and an Idempotency-Key on creating POSTs", async () => {
    const { impl, calls } = fakeFetch([json(201, { id: "e1" })]);
    const api = new ApiClient({ baseUrl: "http://h:1/", token: "sekret", fetch: impl });
    const res = await api.post("/api/executions", { issueId: "ISSUE-1", prompt: "p" }, { idempotent: true });
    expect(res).toEqual({ id: "e1" });
    expect(calls[0]!.url).toBe("http://h:1/api/executions");
    const headers = calls[0]!.init.headers as Record<string, string>;
    expect(headers.Authorization).toBe("Bearer sekret");
    expect(headers["Content-Type"]).toBe("application/json");
    expect(headers["Idempotency-Key"]).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.parse(calls[0]!.init.body as string)).toEqual({ issueId: "ISSUE-1", prompt: "p" });
  });

  it("sends no Authorization header without a token, and no Idempotency-Key on plain calls", async () => {
    const { impl, calls } = fakeFetch([json(200, [])]);
    await new ApiClient({ baseUrl: "http://h", fetch: impl }).get("/api/issues");
    const headers = calls[0]!.init.headers as Record<string, string>;
    expect(headers.Authorization).toBeUndefined();
    expect(headers["Idempotency-Key"]).toBeUndefined();
  });

  it("maps the API error shape to ApiError", async () => {
    const { impl } = fakeFetch([
      json(422, { error: { code: "validation_failed", message: "prompt is required", details: [{ path: ["prompt"], message: "Required" }] } }),
    ]);
    const err = await new ApiClient({ baseUrl: "http://h", fetch: impl }).post("/api/executions", {}).catch((e) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ message: "prompt is required", status: 422, code: "validation_failed", fromApi: true });
  });

  it("maps a non-API error page to an HTTP status message", async () => {
    const err = await errorFromResponse(new Response("<html>Not Found</html>", { status: 404, statusText: "Not Found" }), "GET /x");
    expect(err).toMatchObject({ message: "HTTP 404 Not Found (GET /x)", fromApi: false });
  });

  it("maps connection refused (plain or nested in an AggregateError) to UnreachableError", async () => {
    for (const e of [netError("ECONNREFUSED"), netError("ECONNREFUSED", true)]) {
      expect(isConnectError(e)).toBe(true);
      const { impl } = fakeFetch([e]);
      const err = (await new ApiClient({ baseUrl: "http://127.0.0.1:9", fetch: impl }).get("/api/issues").catch((x: unknown) => x)) as Error;
      expect(err).toBeInstanceOf(UnreachableError);
      expect(err.message).toBe("cannot reach Arbor at http://127.0.0.1:9 — is it running? (npm start)");
    }
  });

  it("retries an idempotent POST after a connection reset, with the same key", async () => {
    const { impl, calls } = fakeFetch([netError("ECONNRESET"), json(201, { id: "e1" })]);
    const res = await new ApiClient({ baseUrl: "http://h", fetch: impl }).post("/api/executions", {}, { idempotent: true });
    expect(res).toEqual({ id: "e1" });
    expect(calls).toHaveLength(2);
    const key = (c: Call) => (c.init.headers as Record<string, string>)["Idempotency-Key"];
    expect(key(calls[0]!)).toBe(key(calls[1]!));
  });

  it("does not retry a reset on a POST without a key", async () => {
    const { impl, calls } = fakeFetch([netError("ECONNRESET"), json(200, {})]);
    await expect(new ApiClient({ baseUrl: "http://h", fetch: impl }).post("/api/executions/e1/cancel")).rejects.toThrow(/was reset/);
    expect(calls).toHaveLength(1);
  });

  it("returns undefined for 204 and empty bodies", async () => {
    const { impl } = fakeFetch([new Response(null, { status: 204 }), new Response("", { status: 200 })]);
    const api = new ApiClient({ baseUrl: "http://h", fetch: impl });
    expect(await api.post("/a")).toBeUndefined();
    expect(await api.post("/b")).toBeUndefined();
  });
});
