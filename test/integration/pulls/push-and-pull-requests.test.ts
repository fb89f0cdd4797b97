import path from "node:path";
import * as pushRoute from "@/app/api/executions/[id]/push/route";
import * as prRoute from "@/app/api/executions/[id]/pull-request/route";
import * as issuePrsRoute from "@/app/api/issues/[id]/pull-requests/route";
import { executionSchema } from "@/lib/executions/schema";
import { pullRequestListSchema, pullRequestSchema } from "@/lib/pulls/schema";
import { prisma } from "@/server/db";
import { pollDuePullRequests } from "@/server/pulls/poll-due-pull-requests";
import { reviewFollowUpPrompt } from "@/server/pulls/review-prompt";
import { commitAll, git, writeFiles } from "@/test/support/git-repo";
import { startGitHubStandIn, type GitHubStandIn } from "@/test/support/github-api";
import { useRegisteredRepo } from "@/test/support/registered-repo";
import { callRoute, setEnv } from "@/test/support/route-call";
import { simulateRun } from "@/test/support/simulated-run";

// Push and pull requests over real git (a local bare repository standing in
// for github.com/acme/shop, by git's url.<base>.insteadOf) and a stand-in of
// GitHub's REST API: the branch pushed with the snapshot, a non-fast-forward
// refused with git's reason, the PR opened with Arbor's body (once per line),
// its CI and review read back and carried into the Continue prompt, and
// GitHub's refusals said so a person understands them.

const TOKEN = "ghp_test_token_never_shown_1234";
let gh: GitHubStandIn;
let restoreEnv: () => void;
beforeAll(async () => {
  gh = await startGitHubStandIn();
  restoreEnv = setEnv({
    ARBOR_GITHUB_TOKEN: TOKEN,
    ARBOR_GITHUB_API_URL: gh.url,
    ARBOR_PUBLIC_URL: "https://arbor.example.com",
    ARBOR_PUSH_LOCAL_REMOTES: "1",
  });
});
afterAll(async () => {
  restoreEnv();
  await gh.close();
});

const setup = useRegisteredRepo("arbor-pulls-", { "src/login.ts": "export const login = 1;\n" }, { ARBOR_WORKSPACE_ROOTS: undefined });
let bare: string;
beforeEach(() => {
  gh.reset();
  bare = path.join(setup.repos.root, "shop.git");
  git(setup.repos.root, "init", "--quiet", "--bare", bare);
  git(setup.repo, "remote", "add", "origin", "https://github.com/acme/shop.git");
  git(setup.repo, "config", `url.${bare}.insteadOf`, "https://github.com/acme/shop.git");
  git(setup.repo, "push", "--quiet", "origin", "main");
});

const run = (files: Record<string, string> = { "src/login.ts": "export const login = 2;\nexport const logout = 0;\n" }) =>
  simulateRun({ project: setup.project, issueId: setup.issueId, files, prompt: "Add logout to the login module" });
const push = (id: string) => callRoute(pushRoute.POST, { method: "POST", params: { id } });
const openPr = (id: string, body?: unknown) => callRoute(prRoute.POST, { method: "POST", params: { id }, body });
const readPr = (id: string) => callRoute(prRoute.GET, { params: { id } });

test("push: the line's branch on the remote at the snapshot; a non-fast-forward is refused with git's reason", async () => {
  const line = await run();
  // The operator's global credential settings are replayed for the push (a URL-scoped helper, as `gh auth setup-git` writes).
  const globalConfig = path.join(setup.repos.root, "gitconfig");
  writeFiles(setup.repos.root, { gitconfig: '[credential "https://github.com"]\n\thelper = cache --timeout=1\n[core]\n\tsshCommand = ssh -o BatchMode=yes\n' });
  const restoreGlobal = setEnv({ GIT_CONFIG_GLOBAL: globalConfig });
  const pushed = await push(line.id);
  restoreGlobal();
  expect(pushed.status).toBe(200);
  const dto = executionSchema.parse(pushed.body);
  expect(dto.pushed).toMatchObject({ branch: line.worktreeBranch, commit: line.snapshotSha, remote: "origin" });
  expect(git(bare, "rev-parse", `refs/heads/${line.worktreeBranch}`)).toBe(line.snapshotSha);

  // Someone else moved the branch on the remote: Arbor never forces.
  git(setup.repo, "checkout", "--quiet", "-b", "elsewhere");
  writeFiles(setup.repo, { "other.txt": "x\n" });
  const other = commitAll(setup.repo, "other work");
  git(setup.repo, "push", "--quiet", "--force", "origin", `${other}:refs/heads/${line.worktreeBranch}`);
  const refused = await push(line.id);
  expect(refused.status).toBe(409);
  expect(refused.body.error.details.reason).toBe("push_rejected");
  expect(refused.body.error.message).toContain(`rejected the push of ${line.worktreeBranch}: refs/heads/${line.worktreeBranch}: [rejected] (non-fast-forward)`);
  expect(git(bare, "rev-parse", `refs/heads/${line.worktreeBranch}`)).toBe(other);
});

test("a project without a remote: 409 saying so", async () => {
  git(setup.repo, "remote", "remove", "origin");
  const line = await run();
  const refused = await push(line.id);
  expect(refused.status).toBe(409);
  expect(refused.body.error.message).toContain('no remote "origin"');
});

test("a PR is opened with Arbor's body once per line; its CI and review come back and into the Continue prompt", async () => {
  const line = await run();
  const check = {
    status: "failed",
    exitCode: 1,
    durationMs: 900,
    summary: "failed (exit 1): 1 failing",
    command: "npm test",
    snapshotSha: line.snapshotSha,
    reusedFromExecutionId: null,
    startedAt: new Date().toISOString(),
  };
  await prisma.execution.update({ where: { id: line.id }, data: { check } });
  const opened = await openPr(line.id);
  expect(opened.status).toBe(201);
  const pr = pullRequestSchema.parse(opened.body);
  expect(pr).toEqual(opened.body); // the answer is exactly what lib/pulls/schema.ts says, nothing dropped
  expect(pr).toMatchObject({ number: 1, branch: line.worktreeBranch, baseBranch: "main", repository: "acme/shop", state: "open" });
  expect(git(bare, "rev-parse", `refs/heads/${line.worktreeBranch}`)).toBe(line.snapshotSha);
  const created = gh.requests.find((r) => r.method === "POST")!;
  expect(created.path).toBe("/repos/acme/shop/pulls");
  expect(created.authorization).toBe(`Bearer ${TOKEN}`);
  expect(created.body).toMatchObject({ head: line.worktreeBranch, base: "main" });
  const body = String(created.body?.body);
  expect(body).toContain("> Add logout to the login module");
  expect(body).toContain("| `src/login.ts` | +2 −1 |");
  expect(body).toContain("❌ `npm test`: failed (exit 1): 1 failing");
  expect(body).toContain(`https://arbor.example.com/executions/${line.id}`);

  // A second request: the same PR, nothing new on GitHub.
  const again = await openPr(line.id, { title: "Another title" });
  expect(again.status).toBe(200);
  expect(again.body.number).toBe(1);
  expect(gh.requests.filter((r) => r.method === "POST")).toHaveLength(1);

  gh.setCi([{ name: "test", conclusion: "failure", output: { title: "2 failing", summary: "login.test.ts: expected 1, got 2" } }]);
  gh.addReviewComment({ path: "src/login.ts", line: 2, body: "logout should clear the session" });
  gh.addReview({ state: "CHANGES_REQUESTED", body: "Please handle the session." });
  await prisma.pullRequest.updateMany({ data: { lastPolledAt: null } });
  const status = pullRequestSchema.parse((await readPr(line.id)).body);
  expect(status.ciStatus).toBe("failure");
  expect(status.reviewComments).toEqual([
    expect.objectContaining({ path: "src/login.ts", line: 2, body: "logout should clear the session", author: "reviewer" }),
  ]);
  expect(status.reviewCommentCount).toBe(1);

  const list = pullRequestListSchema.parse((await callRoute(issuePrsRoute.GET, { params: { id: setup.issueId } })).body);
  expect(list.items).toEqual([expect.objectContaining({ branch: line.worktreeBranch, number: 1, state: "open", ciStatus: "failure", reviewCommentCount: 1 })]);

  const prompt = await reviewFollowUpPrompt(line.id);
  expect(prompt.ok && prompt.value).toContain("src/login.ts:2 (reviewer): logout should clear the session");
  expect(prompt.ok && prompt.value).toContain("Please handle the session.");
  expect(prompt.ok && prompt.value).toContain("login.test.ts: expected 1, got 2");

  // Nothing of the token anywhere Arbor keeps or shows.
  const row = await prisma.pullRequest.findFirstOrThrow();
  expect(JSON.stringify([row, opened.body, status])).not.toContain(TOKEN);
});

test("reviewFollowUpPrompt: a 409 without a PR or without anything to carry", async () => {
  const line = await run();
  expect(await reviewFollowUpPrompt(line.id)).toMatchObject({ ok: false, error: { code: "conflict", details: { reason: "no_pull_request" } } });
  await openPr(line.id);
  expect(await reviewFollowUpPrompt(line.id)).toMatchObject({ ok: false, error: { code: "conflict", details: { reason: "nothing_to_carry" } } });
});

test("GitHub's refusals are said: 401, 404, 422, rate limited", async () => {
  const line = await run();
  const cases = [
    ["unauthorized", 502, /refused Arbor's token \(401 Bad credentials\)/],
    ["not_found", 404, /404.*does not exist, or Arbor's token cannot see it/],
    ["rate_limited", 502, /rate limit .* resets at \d\d:\d\d UTC/],
    ["unprocessable", 422, /GitHub refused it \(422\)/],
  ] as const;
  for (const [failure, status, message] of cases) {
    gh.failWith(failure);
    const refused = await openPr(line.id);
    expect({ failure, status: refused.status }).toEqual({ failure, status });
    expect(refused.body.error.message).toMatch(message);
    expect(JSON.stringify(refused.body)).not.toContain(TOKEN);
  }
  expect(await prisma.pullRequest.count()).toBe(0);
});

test("the poller reads due PRs back and backs off; a failed read is recorded", async () => {
  const line = await run();
  await openPr(line.id);
  await prisma.pullRequest.updateMany({ data: { nextPollAt: new Date(Date.now() - 1000), lastPolledAt: new Date(Date.now() - 60_000) } });
  gh.addReviewComment({ path: "src/login.ts", line: 1, body: "nit" });
  expect(await pollDuePullRequests()).toBe(1);
  let row = await prisma.pullRequest.findFirstOrThrow();
  expect(row.reviewComments).toHaveLength(1);
  expect(row.nextPollAt!.getTime() - row.lastPolledAt!.getTime()).toBe(30_000);
  // Nothing changed since (the comment read back from the database is the same): the next read waits twice as long.
  await prisma.pullRequest.updateMany({ data: { lastPolledAt: new Date(Date.now() - 31_000), nextPollAt: new Date(Date.now() - 1000) } });
  expect(await pollDuePullRequests()).toBe(1);
  row = await prisma.pullRequest.findFirstOrThrow();
  const doubled = row.nextPollAt!.getTime() - row.lastPolledAt!.getTime();
  expect(doubled).toBeGreaterThanOrEqual(60_000);
  expect(doubled).toBeLessThan(90_000);

  gh.failWith("unauthorized");
  await prisma.pullRequest.updateMany({ data: { nextPollAt: new Date(Date.now() - 1000) } });
  await pollDuePullRequests();
  row = await prisma.pullRequest.findFirstOrThrow();
  expect(row).toMatchObject({ pollFailures: 1, lastError: expect.stringContaining("401") });
  expect(row.nextPollAt!.getTime()).toBeGreaterThan(Date.now());
});
