/**
 * The first hour with a real repository, as a person does it, in headless
 * Chromium with the real runner, the real Claude Code CLI (its model the
 * Messages-API stand-in, scripted to run Bash) and real git: register a
 * repository that lives outside Arbor's data directory from the form (no
 * variable, no restart), write a spec and an issue in it from the forms (New
 * spec / New issue on the project's page), run an agent, see what it did,
 * Continue (the new turn's page opens), Fork, Compare, and Apply the line
 * with its preview and confirmation — and the main checkout gets exactly the
 * line's change, never anything while the agents worked.
 */
import { mkdtempSync, readFileSync, realpathSync, rmSync, existsSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { prisma } from "@/server/db";
import { executionIdFromUrl, useAgentE2eSuite } from "@/test/support/agent-e2e-suite";
import { saveScreenshot } from "@/test/support/browser";
import { waitForExecution } from "@/test/support/executions-harness";
import { commitAll, git, writeFiles } from "@/test/support/git-repo";
import { StandIn } from "@/test/support/turn-script";
import { bashTurn, gitStatus } from "@/test/support/worktree-runs";

jest.setTimeout(240_000);

const suite = useAgentE2eSuite("e2e-first-hour-projects");

let repo: string;
beforeAll(() => {
  // The person's own repository: nowhere near Arbor's data directory or default workspace.
  repo = path.join(realpathSync(mkdtempSync(path.join(os.tmpdir(), "my-code-"))), "shop");
  git(path.dirname(repo), "init", "--quiet", "--initial-branch=main", repo);
  writeFiles(repo, { "README.md": "# shop\n" });
  commitAll(repo, "initial commit");
});
afterAll(() => rmSync(path.dirname(repo), { recursive: true, force: true }));

test("register my repository, a spec and an issue in it, run, continue, fork, compare, apply with a preview", async () => {
  const { page, server, harness } = suite;
  const started = Date.now();
  const standIn = new StandIn(harness.api);
  standIn.on("write hello.txt", bashTurn("printf 'hello\\n' > hello.txt"));
  standIn.on("append world", bashTurn("printf 'world\\n' >> hello.txt"));
  standIn.on("try another greeting", bashTurn("printf 'hi there\\n' > hello.txt"));
  const initial = git(repo, "rev-parse", "main");
  expect(repo.startsWith(harness.tmp)).toBe(false);

  // Register it from the form: any directory, at once.
  await page.goto(`${server.url}/projects`);
  await page.getByLabel("Directory").fill(repo);
  await page.getByRole("button", { name: "Register project" }).click();
  await page.waitForURL(/\/projects\/PROJ-1$/);
  await page.getByRole("heading", { name: "shop" }).waitFor();

  // A spec, then an issue, from the project's page: both start in it.
  await page.getByRole("link", { name: "New spec" }).click();
  await page.waitForURL(/\/specs\/new\?projectId=PROJ-1$/);
  expect(await page.getByLabel("Project").inputValue()).toBe("PROJ-1");
  await page.getByLabel("Title").fill("Greet visitors");
  await page.getByRole("button", { name: "Create spec" }).click();
  await page.waitForURL(/\/specs\/SPEC-1$/);
  await page.goto(`${server.url}/projects/PROJ-1`);
  await page.getByRole("link", { name: "New issue" }).click();
  await page.waitForURL(/\/issues\/new\?projectId=PROJ-1$/);
  await page.getByLabel("Title").fill("Say hello");
  await page.getByLabel("Spec (optional)").selectOption("SPEC-1");
  await page.getByRole("button", { name: "Create issue" }).click();
  await page.waitForURL(/\/issues\/ISSUE-1$/);
  expect(await prisma.spec.findUniqueOrThrow({ where: { id: "SPEC-1" } })).toMatchObject({ projectId: "PROJ-1" });
  expect(await prisma.issue.findUniqueOrThrow({ where: { id: "ISSUE-1" } })).toMatchObject({ projectId: "PROJ-1", specId: "SPEC-1" });

  // Run: the form goes to the issue's project, a worktree of its own.
  const form = page.getByRole("form", { name: "Run an agent" });
  await form.getByText(/Runs in its own worktree and branch/).waitFor();
  expect(await form.getByLabel("Project").inputValue()).toBe("PROJ-1");
  await form.getByLabel("Prompt").fill("write hello.txt");
  await form.getByRole("button", { name: "Run agent" }).click();
  const firstId = await executionIdFromUrl(page);
  // The agent's command shows as it runs; what it changed once the turn ends.
  await page
    .getByText(/printf 'hello\\n' > hello\.txt/)
    .first()
    .waitFor({ timeout: 60_000 });
  const files = page.getByRole("region", { name: "Files" });
  const changed = files.getByRole("list", { name: "Changed files" });
  await changed.waitFor({ timeout: 30_000 });
  expect(await changed.getByRole("listitem").allTextContents()).toEqual(["Aaddedhello.txt+1 −0"]);
  await saveScreenshot(page, "first-hour-projects-01-run");

  // Continue: the new turn's page opens, and it goes on in the same worktree.
  await page.getByLabel("Next prompt").fill("append world");
  await page.getByRole("button", { name: "Continue Session" }).click();
  const secondId = await executionIdFromUrl(page, firstId);
  await page
    .getByText(/printf 'world\\n' >> hello\.txt/)
    .first()
    .waitFor({ timeout: 60_000 });
  await changed.waitFor({ timeout: 30_000 });
  expect(await changed.getByRole("listitem").allTextContents()).toEqual(["Mmodifiedhello.txt+1 −0"]);

  // Fork the first turn: another line of work, its own worktree.
  await page.goto(`${server.url}/executions/${firstId}`);
  await page.getByLabel("Next prompt").fill("try another greeting");
  await page.getByRole("button", { name: "Fork Session" }).click();
  const forkId = await executionIdFromUrl(page, firstId);
  await page
    .getByText(/printf 'hi there\\n' > hello\.txt/)
    .first()
    .waitFor({ timeout: 60_000 });
  const [first, second, fork] = await Promise.all([waitForExecution(firstId), waitForExecution(secondId), waitForExecution(forkId)]);
  expect([first.status, second.status, fork.status]).toEqual(["completed", "completed", "completed"]);
  expect(second.worktreePath).toBe(first.worktreePath);
  expect(fork.worktreePath).not.toBe(first.worktreePath);
  expect(readFileSync(path.join(second.worktreePath!, "hello.txt"), "utf8")).toBe("hello\nworld\n");
  expect(readFileSync(path.join(fork.worktreePath!, "hello.txt"), "utf8")).toBe("hi there\n");
  // While the agents worked, the main checkout was never written.
  expect(existsSync(path.join(repo, "hello.txt"))).toBe(false);
  expect(gitStatus(repo)).toBe("");

  // Compare the two lines of work from the session tree.
  await page.goto(`${server.url}/issues/ISSUE-1?view=tree`);
  await page.getByRole("button", { name: "Compare forks" }).click();
  await page.getByRole("link", { name: "Open comparison" }).click();
  await page.waitForURL(/\/compare\?a=.+&b=.+$/);
  const between = page.getByRole("region", { name: /^Files: / }).getByRole("list", { name: "Changed files" });
  await between.waitFor();
  expect(await between.getByRole("listitem").allTextContents()).toEqual([expect.stringMatching(/^Mmodifiedhello\.txt\+\d+ −\d+$/)]);
  await saveScreenshot(page, "first-hour-projects-02-compare");

  // Apply the continued line: first what main will receive, then the confirmation.
  await page.goto(`${server.url}/executions/${secondId}`);
  await files.getByRole("button", { name: "Apply this line to main…" }).click();
  const receives = files.getByRole("list", { name: "What main will receive" });
  await receives.waitFor();
  // The whole line (both turns), not this turn's diff.
  expect(await receives.getByRole("listitem").allTextContents()).toEqual(["Aaddedhello.txt+2 −0"]);
  expect(await files.getByRole("radio", { name: /Squash/ }).isChecked()).toBe(true);
  expect(git(repo, "rev-parse", "main")).toBe(initial);
  await saveScreenshot(page, "first-hour-projects-03-preview");
  await files.getByRole("button", { name: "Apply to main" }).click();
  await files.getByRole("status").filter({ hasText: "Applied to main (squash)" }).waitFor();

  // The main checkout got exactly the line's change: one commit on top of main, hello.txt as the line left it.
  expect(git(repo, "log", "-1", "--format=%P")).toBe(initial);
  expect(git(repo, "diff", "--name-status", initial, "main")).toBe("A\thello.txt");
  expect(readFileSync(path.join(repo, "hello.txt"), "utf8")).toBe("hello\nworld\n");
  expect(gitStatus(repo)).toBe("");
  expect(await prisma.execution.count({ where: { OR: [{ cwd: repo }, { worktreePath: repo }] } })).toBe(0);
  await saveScreenshot(page, "first-hour-projects-04-applied");
  // The walk itself (the app's build, made once before, not counted) stays within a couple of minutes.
  expect(Date.now() - started).toBeLessThan(150_000);
});
