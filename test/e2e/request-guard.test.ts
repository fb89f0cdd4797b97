/**
 * The request guard on the production server (`next start`), for pages (run
 * by proxy.ts) and for API routes (run by apiRoute inside each handler, since
 * the proxy does not match /api/): the token, cross-site mutations and DNS
 * rebinding are refused the same way on both, and nothing is stored. The
 * guard's rules themselves are unit-tested (server/security/request-guard.test.ts).
 */
import http from "node:http";
import { prisma } from "@/server/db";
import { releaseWorkerUtils } from "@/server/queue/worker-utils";
import { startAppServer, type AppServer } from "@/test/support/app-server";
import { resetDb } from "@/test/support/db";

jest.setTimeout(600_000);

const TOKEN = "guard-test-token-0123456789";
let server: AppServer;

beforeAll(async () => {
  await resetDb();
  server = await startAppServer({ env: { ARBOR_TOKEN: TOKEN } });
});
afterAll(async () => {
  await server?.stop();
  await releaseWorkerUtils();
  await prisma.$disconnect();
});

/** A raw request (fetch cannot send another Host header). */
function request(path: string, options: { method?: string; headers?: Record<string, string>; body?: string } = {}) {
  const url = new URL(path, server.url);
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
    const req = http.request(url, { method: options.method ?? "GET", headers: options.headers }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on("error", reject);
    req.end(options.body);
  });
}

const bearer = { authorization: `Bearer ${TOKEN}` };
const json = { "content-type": "application/json" };
const newIssue = JSON.stringify({ title: "Guarded" });

test("without the token an API route and a page are 401, with it they answer", async () => {
  for (const path of ["/api/issues", "/api/health", "/issues"]) {
    const refused = await request(path);
    expect({ path, status: refused.status }).toEqual({ path, status: 401 });
    expect(refused.body).toContain("requires its access token");
    expect({ path, status: (await request(path, { headers: bearer })).status }).toEqual({ path, status: 200 });
  }
  expect(JSON.parse((await request("/api/issues")).body)).toEqual({ error: { code: "token_required", message: expect.any(String) } });
  expect((await request("/api/issues", { headers: { authorization: "Bearer wrong-token-0123456789" } })).status).toBe(401);
});

test("?token= sets the cookie and drops the token from the address, on API routes and pages", async () => {
  for (const path of ["/api/issues", "/issues"]) {
    const redirect = await request(`${path}?token=${TOKEN}&x=1`);
    expect(redirect.status).toBe(307);
    expect(new URL(redirect.headers.location!, server.url).search).toBe("?x=1");
    const cookie = String(redirect.headers["set-cookie"]).split(";")[0];
    expect(String(redirect.headers["set-cookie"])).toMatch(/HttpOnly/i);
    expect((await request(path, { headers: { cookie } })).status).toBe(200);
  }
});

test("a mutation from another site is 403 on an API route, even with the token, and stores nothing", async () => {
  const foreignOrigin = await request("/api/issues", { method: "POST", headers: { ...bearer, ...json, origin: "https://evil.example" }, body: newIssue });
  expect(foreignOrigin.status).toBe(403);
  expect(JSON.parse(foreignOrigin.body)).toMatchObject({ error: { code: "cross_site_request" } });
  const crossSite = await request("/api/issues", { method: "POST", headers: { ...bearer, ...json, "sec-fetch-site": "cross-site" }, body: newIssue });
  expect(crossSite.status).toBe(403);
  expect(await prisma.issue.count()).toBe(0);
  const sameOrigin = await request("/api/issues", { method: "POST", headers: { ...bearer, ...json, origin: server.url }, body: newIssue });
  expect(sameOrigin.status).toBe(201);
  expect(await prisma.issue.count()).toBe(1);
});

test("a foreign Host name (DNS rebinding) is 421 on API routes and pages", async () => {
  const port = new URL(server.url).port;
  for (const path of ["/api/issues", "/issues"]) {
    const rebound = await request(path, { headers: { ...bearer, host: `evil.example:${port}` } });
    expect({ path, status: rebound.status }).toEqual({ path, status: 421 });
  }
});

test("small JSON answers are sent as they are, pages are still compressed", async () => {
  const gzip = { ...bearer, "accept-encoding": "gzip" };
  const answer = await request("/api/issues", { headers: gzip });
  expect(answer.status).toBe(200);
  expect(answer.headers["content-encoding"]).toBeUndefined();
  expect(JSON.parse(answer.body)).toEqual({ items: expect.any(Array) });
  expect((await request("/issues", { headers: gzip })).headers["content-encoding"]).toBe("gzip");
});
