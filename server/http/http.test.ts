import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { err, ok } from "@/lib/result";
import { COMPRESS_FROM_BYTES, json, jsonError, resultResponse } from "@/server/http/responses";
import { MAX_REQUEST_BODY_BYTES, readJson, readQuery } from "@/server/http/validation";
import { INTERNAL_ERROR_MESSAGE, apiRoute } from "@/server/http/api-route";

const post = (body: string) => new Request("http://localhost/x", { method: "POST", body });

describe("jsonError", () => {
  it("answers { error: { code, message, details } } with the status", async () => {
    const res = jsonError(409, "conflict", "Busy", { retryAfter: 3 });
    expect(res.status).toBe(409);
    expect(res.headers.get("content-type")).toContain("application/json");
    expect(await res.json()).toEqual({ error: { code: "conflict", message: "Busy", details: { retryAfter: 3 } } });
    expect(await jsonError(404, "not_found", "Nope").json()).toEqual({ error: { code: "not_found", message: "Nope" } });
  });
});

describe("json", () => {
  it("sends small answers as they are (no-transform keeps Next from gzipping them) and leaves large ones to compression", async () => {
    const small = json({ id: "x" }, 201, { "Idempotent-Replayed": "true" });
    expect(small.status).toBe(201);
    expect(small.headers.get("content-type")).toBe("application/json");
    expect(small.headers.get("cache-control")).toBe("no-transform");
    expect(small.headers.get("idempotent-replayed")).toBe("true");
    expect(await small.json()).toEqual({ id: "x" });
    expect(jsonError(422, "validation_failed", "Bad").headers.get("cache-control")).toBe("no-transform");

    const large = json({ items: "x".repeat(COMPRESS_FROM_BYTES) });
    expect(large.headers.get("cache-control")).toBeNull();
    expect((await large.json()).items).toHaveLength(COMPRESS_FROM_BYTES);
    // A route's own caching header is kept.
    expect(json({}, 200, { "cache-control": "no-store" }).headers.get("cache-control")).toBe("no-store");
    expect(await json(undefined).json()).toBeNull();
  });
});

describe("resultResponse", () => {
  it("maps ok values and error codes to statuses", async () => {
    expect((await resultResponse(ok({ a: 1 }), 201)).status).toBe(201);
    expect((await resultResponse(err({ code: "validation_failed", message: "m" }))).status).toBe(422);
    expect((await resultResponse(err({ code: "not_found", message: "m" }))).status).toBe(404);
    expect((await resultResponse(err({ code: "conflict", message: "m" }))).status).toBe(409);
    expect((await resultResponse(err({ code: "bad_request", message: "m" }))).status).toBe(400);
  });
});

describe("readJson / readQuery", () => {
  const schema = z.object({ n: z.number({ error: "n must be a number" }) });

  it("distinguishes bad JSON (400) from invalid fields (422)", async () => {
    const bad = await readJson(post("{"), schema);
    expect(bad).toMatchObject({ ok: false, error: { code: "bad_request" } });
    const invalid = await readJson(post('{"n":"x"}'), schema);
    expect(invalid).toMatchObject({
      ok: false,
      error: { code: "validation_failed", message: "n: n must be a number", details: { fieldErrors: { n: ["n must be a number"] } } },
    });
    expect(await readJson(post('{"n":2}'), schema)).toEqual({ ok: true, value: { n: 2 } });
  });

  it("answers 413 naming the limit for a body over it, by its declared length or as it is read", async () => {
    const declared = new Request("http://localhost/x", { method: "POST", body: "{}", headers: { "content-length": String(MAX_REQUEST_BODY_BYTES + 1) } });
    const byHeader = await readJson(declared, schema);
    expect(byHeader).toMatchObject({
      ok: false,
      error: { code: "payload_too_large", message: expect.stringContaining("the limit is 2 MiB (2,097,152 bytes)") },
    });
    const big = JSON.stringify({ n: 1, pad: "x".repeat(MAX_REQUEST_BODY_BYTES) });
    const chunked = new Request("http://localhost/x", {
      method: "POST",
      body: new ReadableStream({
        start(controller) {
          for (let i = 0; i < big.length; i += 65_536) controller.enqueue(new TextEncoder().encode(big.slice(i, i + 65_536)));
          controller.close();
        },
      }),
      duplex: "half",
    } as RequestInit);
    expect(chunked.headers.get("content-length")).toBeNull();
    expect(await readJson(chunked, schema)).toMatchObject({ ok: false, error: { code: "payload_too_large", message: expect.stringContaining("2 MiB") } });
    expect((await resultResponse(await readJson(declared, schema))).status).toBe(413);
    // Just under the limit is read as usual (and judged by the schema).
    expect(await readJson(post(JSON.stringify({ n: 3 }).padEnd(MAX_REQUEST_BODY_BYTES, " ")), schema)).toEqual({ ok: true, value: { n: 3 } });
  });

  it("reads an empty body as `whenEmpty` when the endpoint allows one", async () => {
    const optional = z.object({ n: z.number().optional() });
    expect(await readJson(post(""), optional, { whenEmpty: {} })).toEqual({ ok: true, value: {} });
    expect(await readJson(post(""), optional)).toMatchObject({ ok: false, error: { code: "bad_request", message: expect.stringMatching(/empty/) } });
  });

  it("validates query strings", () => {
    const q = readQuery(new Request("http://localhost/x?n=1&n=2"), z.object({ n: z.coerce.number() }));
    expect(q).toEqual({ ok: true, value: { n: 2 } });
  });
});

describe("apiRoute", () => {
  it("turns unexpected throws into a 500 with a safe message and logs the error", async () => {
    const spy = jest.spyOn(console, "error").mockImplementation(() => {});
    const handler = apiRoute(async () => {
      throw new Error("connection string postgres://secret@db leaked");
    });
    const res = await handler(new Request("http://localhost/api/things"), undefined);
    expect(res.status).toBe(500);
    const body = await res.json();
    expect(body).toEqual({ error: { code: "internal", message: INTERNAL_ERROR_MESSAGE } });
    expect(JSON.stringify(body)).not.toContain("secret");
    expect(spy).toHaveBeenCalled();
    spy.mockRestore();
  });

  it("turns a thrown ZodError into a 422 and passes responses through", async () => {
    const handler = apiRoute(async (request: Request) => {
      const data = z.object({ a: z.string({ error: "a is required" }) }).parse(await request.json());
      return Response.json(data);
    });
    expect((await handler(post("{}"), undefined)).status).toBe(422);
    expect((await handler(post("{oops"), undefined)).status).toBe(400);
    const good = await handler(post('{"a":"x"}'), undefined);
    expect(good.status).toBe(200);
    expect(await good.json()).toEqual({ a: "x" });
  });

  it("runs the request guard before the handler (API routes are not behind proxy.ts)", async () => {
    const handler = jest.fn(async () => Response.json({ ok: true }));
    const route = apiRoute(handler);
    const foreign = new Request("http://127.0.0.1:3000/api/issues", {
      method: "POST",
      headers: { host: "127.0.0.1:3000", origin: "https://evil.example" },
      body: "{}",
    });
    const denied = await route(foreign, undefined);
    expect(denied.status).toBe(403);
    expect(await denied.json()).toMatchObject({ error: { code: "cross_site_request" } });
    const rebound = await route(new Request("http://evil.example/api/issues", { headers: { host: "evil.example" } }), undefined);
    expect(rebound.status).toBe(421);
    expect(handler).not.toHaveBeenCalled();
    const allowed = await route(new Request("http://127.0.0.1:3000/api/issues", { headers: { host: "127.0.0.1:3000" } }), undefined);
    expect(allowed.status).toBe(200);
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it("wraps every handler of every API route, and proxy.ts leaves /api/ to them", () => {
    const root = path.join(__dirname, "..", "..");
    const routes = (readdirSync(path.join(root, "app", "api"), { recursive: true }) as string[]).filter((file) => file.endsWith("route.ts"));
    expect(routes.length).toBeGreaterThan(30);
    for (const file of routes) {
      const source = readFileSync(path.join(root, "app", "api", file), "utf8");
      const handlers = [...source.matchAll(/^export\s+(?:async\s+)?(?:const|function|let|var)\s+(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS)\b.*$/gm)];
      expect({ file, handlers: handlers.length > 0 }).toEqual({ file, handlers: true });
      for (const [line] of handlers) expect({ file, line }).toEqual({ file, line: expect.stringMatching(/^export const [A-Z]+ = apiRoute\(/) });
    }
    const proxy = readFileSync(path.join(root, "proxy.ts"), "utf8");
    expect(proxy).toContain('matcher: ["/((?!api/|_next/static|_next/image|favicon.ico).*)"]');
  });

  it("passes the route context through", async () => {
    const handler = apiRoute(async (_req: Request, { params }: { params: Promise<{ id: string }> }) => Response.json({ id: (await params).id }));
    const res = await handler(new Request("http://localhost/x"), { params: Promise.resolve({ id: "SPEC-1" }) });
    expect(await res.json()).toEqual({ id: "SPEC-1" });
  });
});
