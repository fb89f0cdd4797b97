/**
 * Issue 25's "done when", end to end in headless Chromium with the real
 * runner, the real Claude CLI (its model a stand-in that runs Bash tools),
 * real git and a stand-in of GitHub's REST API: the project's check set on
 * its page, a turn whose check fails (✗ on the tree and the panel), Continue
 * with the failure until it passes (✓), then Push and Open pull request from
 * the execution page, the PR's CI and review comments read back, and
 * Continue with review carrying them into the same session.
 */
import path from "node:path";
import { prisma } from "@/server/db";
import { executionIdFromUrl, useAgentE2eSuite } from "@/test/support/agent-e2e-suite";
import { saveScreenshot } from "@/test/support/browser";
import { makeIssue } from "@/test/support/factories";
import { git } from "@/test/support/git-repo";
import { startGitHubStandIn, type GitHubStandIn } from "@/test/support/github-api";
import { setEnv } from "@/test/support/route-call";
import { historyText, StandIn } from "@/test/support/turn-script";
import { gitProject, scriptBashTurns } from "@/test/support/worktree-runs";

jest.setTimeout(240_000);

// The app server inherits process.env when the suite starts it: the forge's
// address and token must be set before (this beforeAll is registered first).
let gh: GitHubStandIn;
let restoreEnv: () => void;
beforeAll(async () => {
  gh = await startGitHubStandIn();
  restoreEnv = setEnv({ ARBOR_GITHUB_API_URL: gh.url, ARBOR_GITHUB_TOKEN: "ghp_e2e_token_0123456789", ARBOR_PUSH_LOCAL_REMOTES: "1" });
});
afterAll(async () => {
  restoreEnv?.();
  await gh?.close();
});

const suite = useAgentE2eSuite("e2e-close-the-loop");

it("shows each turn's check on the tree, continues with the failure until it passes, and opens a pull request", async () => {
  const { page, server, harness } = suite;
  const standIn = new StandIn(harness.api);
  scriptBashTurns(standIn, {
    "write the plan": "printf 'broken\\n' > plan.txt",
    // The prompt Continue with the failure sends ends so (lib/checks/check-rules.ts).
    "Fix the cause so the check passes": "printf 'fixed\\n' > plan.txt",
  });
  const project = await gitProject(harness.projects, "shop");
  // github.com/acme/shop is a local bare repository, by git's own url rewriting.
  const bare = path.join(harness.projects, "shop.git");
  git(harness.projects, "init", "--quiet", "--bare", bare);
  git(project.path, "remote", "add", "origin", "git@github.com:acme/shop.git");
  git(project.path, "config", `url.${bare}.insteadOf`, "git@github.com:acme/shop.git");
  const issue = await makeIssue({ title: "Write the plan", projectId: project.id });

  // The check, set on the project's page.
  await page.goto(`${server.url}/projects/${project.id}`);
  const settings = page.getByRole("form", { name: "Checks and worktrees settings" });
  await settings.getByLabel("Check command").fill("cat plan.txt; grep -q fixed plan.txt");
  await settings.getByRole("button", { name: "Save checks and worktrees" }).click();
  await settings.getByRole("status").filter({ hasText: "Saved" }).waitFor();
  await saveScreenshot(page, "close-the-loop-00-project-check");

  // A turn whose check fails: ✗ on the panel, the output folded.
  await page.goto(`${server.url}/issues/${issue.id}`);
  const form = page.getByRole("form", { name: "Run an agent" });
  await form.getByLabel("Prompt").fill("write the plan");
  await form.getByRole("button", { name: "Run agent" }).click();
  const firstId = await executionIdFromUrl(page);
  const panel = page.getByTestId("check-panel");
  await panel.getByText("check failed").waitFor({ timeout: 90_000 });
  await panel
    .locator("[data-slot=check-summary]")
    .getByText(/failed \(exit 1\)/)
    .waitFor();
  const output = panel.locator("details[data-slot=check-output]");
  expect(await output.getAttribute("open")).toBeNull();
  await output.locator("summary").click();
  await output.getByText("broken", { exact: true }).waitFor();
  await saveScreenshot(page, "close-the-loop-01-check-failed");

  // ✗ on the tree.
  await page.goto(`${server.url}/issues/${issue.id}?view=tree`);
  const graph = page.getByRole("tree", { name: `Session tree of ${issue.id}` });
  const firstNode = graph.locator(`[data-node-id="${firstId}"]`);
  await firstNode.and(page.locator('[data-check="failed"]')).waitFor();
  expect(await firstNode.getAttribute("aria-label")).toMatch(/, completed, check failed/);

  // Continue with the failure: the new turn carries the output, and its check passes.
  await page.goto(`${server.url}/executions/${firstId}`);
  await panel.getByRole("button", { name: "Continue with the failure" }).click();
  const fixId = await executionIdFromUrl(page, firstId);
  await panel.getByText("check passed").waitFor({ timeout: 90_000 });
  const sent = standIn.requestsFor("Fix the cause so the check passes");
  expect(sent.length).toBeGreaterThan(0);
  expect(historyText(sent[0]!)).toContain("cat plan.txt; grep -q fixed plan.txt");
  expect(historyText(sent[0]!)).toContain("broken");
  await saveScreenshot(page, "close-the-loop-02-check-passed");

  await page.goto(`${server.url}/issues/${issue.id}?view=tree`);
  await graph.locator(`[data-node-id="${fixId}"][data-check="passed"]`).waitFor();
  expect(await graph.locator(`[data-node-id="${fixId}"]`).getAttribute("aria-label")).toMatch(/, completed, check passed, head/);
  expect(await graph.locator(`[data-node-id="${fixId}"] [data-slot="check"]`).textContent()).toBe("✓");
  await saveScreenshot(page, "close-the-loop-03-tree");

  // Push, then Open pull request (its title from the issue): the PR read back.
  await page.goto(`${server.url}/executions/${fixId}`);
  const pr = page.getByTestId("pull-request-panel");
  await pr.getByRole("button", { name: "Push" }).click();
  await pr.getByTestId("pushed").waitFor();
  const fix = await prisma.execution.findUniqueOrThrow({ where: { id: fixId } });
  expect(git(bare, "rev-parse", fix.worktreeBranch!).trim()).toBe(fix.snapshotSha);
  expect(await pr.getByLabel("Pull request title").inputValue()).toBe("Write the plan");
  await pr.getByRole("button", { name: "Open pull request" }).click();
  const shown = pr.getByTestId("pull-request");
  await shown.getByRole("link", { name: "#1" }).waitFor();
  expect(gh.pulls).toHaveLength(1);
  expect(gh.pulls[0]).toMatchObject({ title: "Write the plan", head: fix.worktreeBranch, base: "main" });
  expect(gh.requests.every((r) => r.authorization?.includes("ghp_e2e_token_0123456789"))).toBe(true);

  // The reviewer comments and CI fails: read back on the page and marked on the tree.
  gh.setCi([{ name: "test", conclusion: "failure", output: { summary: "1 failing" } }]);
  gh.addReviewComment({ path: "plan.txt", line: 1, body: "Say what was fixed" });
  await prisma.pullRequest.updateMany({ data: { lastPolledAt: null } }); // stale: read from GitHub again
  await page.reload();
  await shown.getByText("CI failing").waitFor();
  const comments = shown.getByRole("list", { name: "Review comments" });
  await comments.getByText("Say what was fixed").waitFor();
  expect(await comments.textContent()).toContain("plan.txt:1");
  await pr.getByRole("button", { name: "Continue with review" }).waitFor();
  await saveScreenshot(page, "close-the-loop-04-pull-request");

  await page.goto(`${server.url}/issues/${issue.id}?view=tree`);
  await graph.locator(`[data-node-id="${fixId}"] [data-slot="pull-request"]`).waitFor();
  expect(await graph.locator(`[data-node-id="${fixId}"]`).getAttribute("aria-label")).toMatch(/PR #1 open, CI failing, 1 review comment/);
  await saveScreenshot(page, "close-the-loop-05-tree-pull-request");

  // Continue with review: the session that wrote the code gets the comment and the failing CI, and the note after them.
  scriptBashTurns(standIn, { "was reviewed. Address what follows": "printf 'fixed: says what was fixed\\n' > plan.txt" });
  await page.goto(`${server.url}/executions/${fixId}`);
  await pr.getByLabel("Your note to add after the review (optional)").fill("keep it to one line");
  await pr.getByRole("button", { name: "Continue with review" }).click();
  const reviewedId = await executionIdFromUrl(page, fixId);
  await panel.getByText("check passed").waitFor({ timeout: 90_000 });
  const carried = historyText(standIn.requestsFor("was reviewed. Address what follows")[0]!);
  expect(carried).toContain("plan.txt:1 (reviewer): Say what was fixed");
  expect(carried).toContain("test (failure)");
  expect(carried).toContain("keep it to one line");
  const reviewed = await prisma.execution.findUniqueOrThrow({ where: { id: reviewedId } });
  expect(reviewed).toMatchObject({ parentExecutionId: fixId, worktreeBranch: fix.worktreeBranch });
  await saveScreenshot(page, "close-the-loop-06-continued-with-review");
});
