/**
 * End to end in headless Chromium against the production build: open
 * Projects from the header, see the default workspace, try a path outside
 * the workspace roots (refused next to the field), register a git
 * repository, land on its page with its facts, and see it listed.
 * Then an execution recorded the way the runner records one (its own
 * worktree, start commit and snapshot): its page shows the files it changed,
 * unified and split, and "Apply this line to main" shows what main will
 * receive, then merges it into the main checkout.
 * (Running, forking and comparing with a real agent: test/e2e/worktrees.test.ts.)
 */
import { mkdirSync, readFileSync, realpathSync } from "node:fs";
import path from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { startAppServer, type AppServer } from "@/test/support/app-server";
import { launchBrowser, saveScreenshot } from "@/test/support/browser";
import { resetDb } from "@/test/support/db";
import { makeIssue } from "@/test/support/factories";
import { git, tempRepos, type TempRepos } from "@/test/support/git-repo";
import { setEnv } from "@/test/support/route-call";
import { simulateRun } from "@/test/support/simulated-run";
import { createProject } from "@/server/projects/create-project";

jest.setTimeout(120_000);

let repos: TempRepos;
let restoreEnv: () => void;
let server: AppServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  await resetDb();
  repos = tempRepos("arbor-e2e-projects-");
  mkdirSync(path.join(repos.root, "workspace"));
  // The same places for the server and for this process (which sets up executions directly).
  restoreEnv = setEnv({
    ARBOR_WORKSPACE: path.join(repos.root, "workspace"),
    ARBOR_WORKSPACE_ROOTS: repos.root,
    ARBOR_DATA_DIR: path.join(repos.root, "data"),
  });
  server = await startAppServer({ env: { ...process.env } });
  browser = await launchBrowser();
}, 600_000); // the first run builds the app

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  restoreEnv?.();
  repos?.cleanup();
});

beforeEach(async () => {
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
  page.setDefaultTimeout(15_000);
});

afterEach(async () => {
  const state = expect.getState();
  if (state.currentTestName && page) await saveScreenshot(page, `projects-last-${state.currentTestName}`).catch(() => {});
  await context?.close();
});

it("registers a git repository and lists it beside the default workspace", async () => {
  const repo = repos.repo("shop", { "README.md": "# Shop\n" });
  git(repo, "checkout", "--quiet", "-b", "develop");

  await page.goto(`${server.url}/`);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Projects" }).click();
  await page.waitForURL(/\/projects$/);
  const list = page.getByRole("list", { name: "Projects" });
  await list.getByRole("link", { name: "Default workspace" }).waitFor();

  // Outside the roots: refused, said next to the field.
  await page.getByLabel("Directory").fill("/etc");
  await page.getByRole("button", { name: "Register project" }).click();
  await page.getByText(/\/etc is outside the allowed workspace roots/).waitFor();
  expect(await page.getByLabel("Directory").getAttribute("aria-invalid")).toBe("true");

  await page.getByLabel("Directory").fill(repo);
  await page.getByLabel("Name (optional)").fill("Shop");
  await page.getByRole("button", { name: "Register project" }).click();
  await page.waitForURL(/\/projects\/PROJ-1$/);
  await page.getByRole("heading", { level: 1, name: "Shop" }).waitFor();
  const facts = page.getByLabel("Facts");
  await facts.getByText(realpathSync(repo)).waitFor();
  await facts.getByText("develop", { exact: true }).waitFor();
  await page.getByRole("heading", { name: /Worktrees \(0 B on disk\)/ }).waitFor();
  await saveScreenshot(page, "projects-01-registered");

  await page.getByRole("link", { name: "Projects", exact: true }).first().click();
  await page.waitForURL(/\/projects$/);
  const rows = page.getByRole("list", { name: "Projects" }).getByRole("listitem");
  await rows.first().getByRole("link", { name: "Shop" }).waitFor();
  expect(await rows.allTextContents()).toEqual([
    expect.stringMatching(/^PROJ-1Shopgit · develop/),
    expect.stringMatching(/^defaultDefault workspace\(implicit\)/),
  ]);
  await saveScreenshot(page, "projects-02-list");
});

it("shows what an execution changed, unified and split, and applies it to the base branch", async () => {
  const repo = repos.repo("app", { "plan.txt": "original\n", "src/keep.ts": "export const keep = 1;\n" });
  const project = await createProject({ path: repo });
  if (!project.ok) throw new Error(project.error.message);
  const issue = await makeIssue({ title: "Rewrite the plan", projectId: project.value.id });
  const run = await simulateRun({
    project: project.value,
    issueId: issue.id,
    files: { "plan.txt": "alternative\n", "src/new.ts": "export const added = true;\n" },
    prompt: "rewrite plan.txt = alternative",
  });

  await page.goto(`${server.url}/executions/${run.id}`);
  const files = page.getByRole("region", { name: "Files" });
  const list = files.getByRole("list", { name: "Changed files" });
  await list.waitFor();
  expect(await list.getByRole("listitem").allTextContents()).toEqual(["Mmodifiedplan.txt+1 −1", "Aaddedsrc/new.ts+1 −0"]);
  await files.getByText("alternative", { exact: true }).waitFor();
  await saveScreenshot(page, "projects-03-execution-diff");
  await files.getByRole("button", { name: "Split" }).click();
  await page.locator("table.diff-split").first().waitFor();
  await saveScreenshot(page, "projects-04-execution-diff-split");

  // Apply: the preview first, then the confirmation; a merge commit on request (squash is the default).
  await files.getByRole("button", { name: "Apply this line to main…" }).click();
  await files.getByRole("list", { name: "What main will receive" }).waitFor();
  await files.getByRole("radio", { name: /Merge/ }).check();
  await files.getByRole("button", { name: "Apply to main" }).click();
  await files.getByRole("status").filter({ hasText: "Applied to main (merge)" }).waitFor();
  expect(readFileSync(path.join(repo, "plan.txt"), "utf8")).toBe("alternative\n");
  expect(git(repo, "log", "-1", "--format=%P").split(" ")[1]).toBe(run.snapshotSha);
});
