// Headless Chromium for end-to-end tests, driven by playwright-core against the
// system browser (apt's /usr/bin/chromium, or CHROMIUM_PATH). Never downloads one.
import { mkdirSync } from "node:fs";
import path from "node:path";
import { chromium, type Browser, type Page } from "playwright-core";
import { commitAll, git, writeFiles } from "@/test/support/git-repo";

export const CHROMIUM_ARGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export function chromiumPath(): string {
  return process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
}

/** Where e2e artifacts go (gitignored). */
export const TEST_RESULTS_DIR = path.join(process.cwd(), "test-results");

/** Saves a full-page PNG as test-results/<name>.png and returns its path. */
export async function saveScreenshot(page: Page, name: string): Promise<string> {
  mkdirSync(TEST_RESULTS_DIR, { recursive: true });
  const file = path.join(TEST_RESULTS_DIR, `${name.replace(/[^a-z0-9._-]+/gi, "-")}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/**
 * A git repository `<dir>/<name>` on main with a README committed, registered
 * as a project from the Projects page as a person would; resolves once the
 * project's page (PROJ-1 in a fresh database) is open. Returns the repository's path.
 */
export async function registerRepoFromPage(page: Page, serverUrl: string, dir: string, name: string, projectId = "PROJ-1"): Promise<string> {
  const repo = path.join(dir, name);
  mkdirSync(repo);
  git(repo, "init", "--quiet", "--initial-branch=main");
  writeFiles(repo, { "README.md": `# ${name}\n` });
  commitAll(repo, "initial commit");
  await page.goto(`${serverUrl}/projects`);
  await page.getByLabel("Directory").fill(repo);
  await page.getByRole("button", { name: "Register project" }).click();
  await page.waitForURL(new RegExp(`/projects/${projectId}$`));
  return repo;
}
