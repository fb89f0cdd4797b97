/**
 * Bad input against the production server (`next start`): a body over
 * Arbor's limit is a 413 naming the limit (it used to be cut short at 10 MB
 * when proxy.ts, which buffers request bodies, still ran in front of the API,
 * and reported as "not valid JSON (Unterminated string)"); a
 * NUL or an unknown field is a 422 naming the field. The per-endpoint checks
 * run in-process in test/integration/executions/request-hygiene.test.ts.
 */
import { prisma } from "@/server/db";
import { releaseWorkerUtils } from "@/server/queue/worker-utils";
import { startAppServer, type AppServer } from "@/test/support/app-server";
import { resetDb } from "@/test/support/db";

jest.setTimeout(600_000);

let server: AppServer;
beforeAll(async () => {
  await resetDb();
  server = await startAppServer();
});
afterAll(async () => {
  await server?.stop();
  await releaseWorkerUtils();
  await prisma.$disconnect();
});

async function post(path: string, body: string) {
  const response = await fetch(`${server.url}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body });
  return { status: response.status, body: (await response.json()) as { error?: { code: string; message: string } } };
}

test("a body over the limit is a 413 naming the limit, below and above what the proxy buffers", async () => {
  for (const megabytes of [3, 11]) {
    const response = await post("/api/issues", JSON.stringify({ title: "Big", body: "y".repeat(megabytes * 1024 * 1024) }));
    expect({ megabytes, ...response }).toEqual({
      megabytes,
      status: 413,
      body: { error: expect.objectContaining({ code: "payload_too_large", message: expect.stringContaining("the limit is 2 MiB (2,097,152 bytes)") }) },
    });
  }
  expect(await prisma.issue.count()).toBe(0);
});

test("NUL and unknown fields are 422s naming the field, and nothing is stored", async () => {
  const nul = await post("/api/issues", JSON.stringify({ title: "a\u0000b" }));
  expect(nul).toMatchObject({ status: 422, body: { error: { code: "validation_failed", message: "title: Text must not contain NUL characters (U+0000)" } } });
  const typo = await post("/api/executions", JSON.stringify({ issueId: "ISSUE-1", prompt: "hi", cwdd: "/" }));
  expect(typo).toMatchObject({ status: 422, body: { error: { message: "Unknown field: cwdd" } } });
  expect(await prisma.issue.count()).toBe(0);
  expect(await prisma.execution.count()).toBe(0);
});
