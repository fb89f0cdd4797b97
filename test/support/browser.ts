// Headless Chromium for end-to-end tests, driven by playwright-core against the
// system browser (apt's /usr/bin/chromium, or CHROMIUM_PATH). Never downloads one.
import { mkdirSync } from "node:fs";
import path from "node:path";
import { chromium, type Browser, type Page } from "playwright-core";

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
