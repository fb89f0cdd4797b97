/**
 * The issue's "done when", end to end in headless Chromium with the real
 * runner, the real Claude CLI (its model a stand-in that runs Bash tools) and
 * real git: register a repository, run an agent on an issue, fork it twice to
 * try two approaches at once, see each fork's diff and the diff between
 * them, apply the preferred one to the base branch — and no line of work
 * ever overwrote another's files.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { prisma } from "@/server/db";
import { executionIdFromUrl, useAgentE2eSuite } from "@/test/support/agent-e2e-suite";
import { registerRepoFromPage, saveScreenshot } from "@/test/support/browser";
import { waitForExecution } from "@/test/support/executions-harness";
import { makeIssue } from "@/test/support/factories";
import { git } from "@/test/support/git-repo";
import { StandIn } from "@/test/support/turn-script";
import { gitStatus, scriptBashTurns } from "@/test/support/worktree-runs";

jest.setTimeout(180_000);

const suite = useAgentE2eSuite("e2e-worktrees");

it("registers a repository, runs, forks twice, shows each fork's diff and the diff between them, and applies one", async () => {
  const { page, server, harness } = suite;
  scriptBashTurns(new StandIn(harness.api), {
    "write plan.txt = original": "printf 'original\\n' > plan.txt",
    "rewrite plan.txt = alternative A": "printf 'alternative A\\n' > plan.txt && printf 'a\\n' > a-only.txt",
    "rewrite plan.txt = alternative B": "printf 'alternative B\\n' > plan.txt",
  });
  // Register the repository.
  const repo = await registerRepoFromPage(page, server.url, harness.projects, "shop");
  const issue = await makeIssue({ title: "Write the plan", projectId: "PROJ-1" });

  // Run: the form says where (the issue's project, a worktree of its own).
  await page.goto(`${server.url}/issues/${issue.id}`);
  const form = page.getByRole("form", { name: "Run an agent" });
  await form.getByText(/Runs in its own worktree and branch/).waitFor();
  expect(await form.getByLabel("Project").inputValue()).toBe("PROJ-1");
  expect(await form.getByLabel("Project").locator("option:checked").textContent()).toBe("PROJ-1 · shop (git, main)");
  await form.getByLabel("Start from").waitFor();
  await saveScreenshot(page, "worktrees-00-run-form");
  await form.getByLabel("Prompt").fill("write plan.txt = original");
  await form.getByRole("button", { name: "Run agent" }).click();
  const originalId = await executionIdFromUrl(page);
  const files = page.getByRole("region", { name: "Files" });
  const changed = files.getByRole("list", { name: "Changed files" });
  await changed.waitFor({ timeout: 60_000 });
  expect(await changed.getByRole("listitem").allTextContents()).toEqual(["Aaddedplan.txt+1 −0"]);
  await saveScreenshot(page, "worktrees-01-run");

  // Fork it twice: two approaches at once, each in its own worktree from the original's snapshot.
  const fork = async (prompt: string) => {
    await page.goto(`${server.url}/executions/${originalId}`);
    await page.getByLabel("Next prompt").fill(prompt);
    // The fork's page opens once the server has recorded it.
    await page.getByRole("button", { name: "Fork Session" }).click();
    return executionIdFromUrl(page, originalId);
  };
  const forkA = await fork("rewrite plan.txt = alternative A");
  const forkB = await fork("rewrite plan.txt = alternative B");
  const [a, b, original] = await Promise.all([waitForExecution(forkA), waitForExecution(forkB), waitForExecution(originalId)]);
  expect([a.status, b.status]).toEqual(["completed", "completed"]);
  expect(readFileSync(path.join(original.worktreePath!, "plan.txt"), "utf8")).toBe("original\n");
  expect(readFileSync(path.join(a.worktreePath!, "plan.txt"), "utf8")).toBe("alternative A\n");
  expect(readFileSync(path.join(b.worktreePath!, "plan.txt"), "utf8")).toBe("alternative B\n");

  // Each fork's own diff.
  await page.goto(`${server.url}/executions/${forkA}`);
  await changed.waitFor();
  expect(await changed.getByRole("listitem").allTextContents()).toEqual(["Aaddeda-only.txt+1 −0", "Mmodifiedplan.txt+1 −1"]);
  await files.getByText("alternative A", { exact: true }).first().waitFor();
  await saveScreenshot(page, "worktrees-02-fork-diff");

  // The tree shows what each changed; Compare forks opens the two forks' files side by side.
  await page.goto(`${server.url}/issues/${issue.id}?view=tree`);
  const graph = page.getByRole("tree", { name: `Session tree of ${issue.id}` });
  await graph.getByRole("treeitem", { name: new RegExp(`^#${forkB.slice(0, 8)}, Claude Code, fork, completed, head, \\+1 −1 in 1 file:`) }).waitFor();
  await graph.getByRole("treeitem", { name: new RegExp(`^#${forkA.slice(0, 8)}, Claude Code, fork, completed, head, \\+2 −1 in 2 files:`) }).waitFor();
  await form.getByText(/Runs in its own worktree and branch/).waitFor();
  await saveScreenshot(page, "worktrees-03-tree");
  await page.getByRole("button", { name: "Compare forks" }).click();
  await page.getByRole("link", { name: "Open comparison" }).click();
  await page.waitForURL(new RegExp(`/compare\\?a=${forkA}&b=${forkB}$`));
  const betweenList = page.getByRole("region", { name: /^Files: / }).getByRole("list", { name: "Changed files" });
  await betweenList.waitFor();
  expect(await betweenList.getByRole("listitem").allTextContents()).toEqual(["Ddeleteda-only.txt+0 −1", "Mmodifiedplan.txt+1 −1"]);
  await saveScreenshot(page, "worktrees-04-compare");

  // Apply the one preferred to main.
  await page.goto(`${server.url}/executions/${forkB}`);
  await files.getByRole("button", { name: "Apply this line to main…" }).click();
  await files.getByRole("list", { name: "What main will receive" }).waitFor();
  await files.getByRole("radio", { name: /Merge/ }).check();
  await files.getByRole("button", { name: "Apply to main" }).click();
  await files.getByRole("status").filter({ hasText: "Applied to main (merge)" }).waitFor();
  expect(readFileSync(path.join(repo, "plan.txt"), "utf8")).toBe("alternative B\n");
  expect(git(repo, "log", "-1", "--format=%P").split(" ")[1]).toBe(b.snapshotSha);
  expect(gitStatus(repo)).toBe("");
  // No line of work overwrote another's files.
  expect(readFileSync(path.join(original.worktreePath!, "plan.txt"), "utf8")).toBe("original\n");
  expect(readFileSync(path.join(a.worktreePath!, "plan.txt"), "utf8")).toBe("alternative A\n");
  expect(await prisma.execution.count({ where: { worktreePath: repo } })).toBe(0);
  await saveScreenshot(page, "worktrees-05-applied");
});
