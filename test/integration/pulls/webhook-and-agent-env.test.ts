import { createHmac, randomUUID } from "node:crypto";
import * as webhookRoute from "@/app/api/webhooks/github/route";
import { prisma } from "@/server/db";
import { mergeEnv, spawnAgentProcess } from "@/server/runner/agent-io/agent-process";
import { resetDb } from "@/test/support/db";
import { makeIssue } from "@/test/support/factories";
import { setEnv } from "@/test/support/route-call";

// The webhook only marks PRs due for a refresh, and only when GitHub's
// signature over the body matches the secret; the GitHub token and secret
// never reach an agent's environment.

const SECRET = "webhook-secret-0123456789";
const sign = (body: string, secret = SECRET) => `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`;
const post = async (body: string, signature?: string) => {
  const request = new Request("http://127.0.0.1:3000/api/webhooks/github", {
    method: "POST",
    headers: { "content-type": "application/json", "x-github-event": "pull_request_review", ...(signature ? { "x-hub-signature-256": signature } : {}) },
    body,
  });
  const response = await webhookRoute.POST(request, undefined as never);
  return { status: response.status, body: await response.json() };
};

let restoreEnv: () => void = () => {};
afterEach(() => restoreEnv());
afterAll(() => prisma.$disconnect());

test("refused without a secret or with a wrong signature; a signed event marks its PR due now", async () => {
  await resetDb();
  const issue = await makeIssue({ title: "Login" });
  const project = await prisma.project.create({
    data: { id: "PROJ-1", number: 1, name: "shop", path: `/tmp/${randomUUID()}`, baseBranch: "main", isGitRepo: true },
  });
  const later = new Date(Date.now() + 3_600_000);
  await prisma.pullRequest.create({
    data: {
      id: randomUUID(),
      projectId: project.id,
      branch: `arbor/${issue.id}/1`,
      baseBranch: "main",
      remote: "origin",
      repository: "acme/shop",
      number: 7,
      url: "u",
      title: "t",
      nextPollAt: later,
    },
  });
  const body = JSON.stringify({ action: "submitted", repository: { full_name: "acme/shop" }, pull_request: { number: 7, head: { sha: "b".repeat(40) } } });

  restoreEnv = setEnv({ ARBOR_GITHUB_WEBHOOK_SECRET: undefined });
  expect((await post(body, sign(body))).status).toBe(403);
  restoreEnv();
  restoreEnv = setEnv({ ARBOR_GITHUB_WEBHOOK_SECRET: SECRET });
  expect((await post(body)).status).toBe(401);
  expect((await post(body, sign(body, "another-secret-0123456789"))).status).toBe(401);
  expect((await post(`${body} `, sign(body))).status).toBe(401);
  expect((await prisma.pullRequest.findFirstOrThrow()).nextPollAt).toEqual(later);

  const accepted = await post(body, sign(body));
  expect(accepted).toEqual({ status: 202, body: { marked: 1 } });
  expect((await prisma.pullRequest.findFirstOrThrow()).nextPollAt!.getTime()).toBeLessThanOrEqual(Date.now());
});

test("ARBOR_GITHUB_TOKEN and the webhook secret never reach an agent's environment", async () => {
  const base = { PATH: process.env.PATH, ARBOR_GITHUB_TOKEN: "ghp_secret", ARBOR_GITHUB_WEBHOOK_SECRET: SECRET, ANTHROPIC_API_KEY: "k" };
  expect(mergeEnv(base, { ARBOR_RUN: "1" })).toEqual({ PATH: process.env.PATH, ANTHROPIC_API_KEY: "k", ARBOR_RUN: "1" });
  // And a real child sees none of them.
  const child = spawnAgentProcess({ argv: ["/usr/bin/env"], cwd: "/", env: {}, baseEnv: base });
  const lines: string[] = [];
  child.onStdoutLine((line) => {
    lines.push(String((line as { text?: string }).text ?? line));
  });
  await child.wait();
  const out = lines.join("\n");
  expect(out).toContain("ANTHROPIC_API_KEY=k");
  expect(out).not.toContain("ghp_secret");
  expect(out).not.toContain(SECRET);
});
