/**
 * End to end in headless Chromium against the production build:
 * create a spec, create an issue for it through the UI (seeing validation on an
 * empty title first), reload and read both back, see the issue on the spec page,
 * and change the issue's status.
 */
import type { Browser, BrowserContext, Page } from "playwright-core";
import { startAppServer, type AppServer } from "@/test/support/app-server";
import { launchBrowser, saveScreenshot } from "@/test/support/browser";
import { resetDb } from "@/test/support/db";

jest.setTimeout(120_000);

let server: AppServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  await resetDb();
  server = await startAppServer();
  browser = await launchBrowser();
}, 600_000); // the first run builds the app

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

beforeEach(async () => {
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
  page.setDefaultTimeout(15_000);
});

afterEach(async () => {
  const state = expect.getState();
  if (state.currentTestName && page) {
    await saveScreenshot(page, `specs-issues-last-${state.currentTestName}`).catch(() => {});
  }
  await context?.close();
});

const pathOf = (p: Page) => new URL(p.url()).pathname;

it("creates a spec and a linked issue, validates, reloads, lists and edits", async () => {
  // Create a spec.
  await page.goto(`${server.url}/specs/new`);
  await page.getByLabel("Title").fill("Checkout flow");
  await page.getByLabel("Description").fill("## Goals\n\n- Pay with **card**\n- [ ] Receipts");
  await page.getByRole("tab", { name: "Preview" }).click();
  await page.getByRole("heading", { name: "Goals" }).waitFor();
  await saveScreenshot(page, "e2e-01-new-spec-preview");
  await page.getByRole("button", { name: "Create spec" }).click();
  await page.waitForURL(/\/specs\/SPEC-\d+$/);
  const specId = pathOf(page).split("/").pop()!;
  await page.getByRole("heading", { level: 1, name: "Checkout flow" }).waitFor();
  await saveScreenshot(page, "e2e-02-spec-created");

  // From the spec page, start an issue for it: the spec is preselected.
  await page.getByRole("link", { name: "New issue for this spec" }).click();
  await page.waitForURL(new RegExp(`/issues/new\\?specId=${specId}$`));
  const specPicker = page.getByLabel("Spec (optional)");
  await page.waitForFunction((id) => (document.getElementById("issue-specId") as HTMLSelectElement | null)?.value === id, specId);
  expect(await specPicker.inputValue()).toBe(specId);

  // Submitting without a title shows the message next to the field.
  await page.getByRole("button", { name: "Create issue" }).click();
  const titleError = page.locator("#issue-title-error");
  await titleError.waitFor();
  expect(await titleError.textContent()).toBe("Title is required");
  expect(await page.getByLabel("Title").getAttribute("aria-invalid")).toBe("true");
  expect(pathOf(page)).toBe("/issues/new");
  await saveScreenshot(page, "e2e-03-issue-validation");

  await page.getByLabel("Title").fill("Card payment form");
  await page.getByLabel("Priority").selectOption("high");
  await page.getByLabel("Description").fill("Use the *hosted* fields.");
  await page.getByRole("button", { name: "Create issue" }).click();
  await page.waitForURL(/\/issues\/ISSUE-\d+$/);
  const issueId = pathOf(page).split("/").pop()!;
  await page.getByRole("heading", { level: 1, name: "Card payment form" }).waitFor();

  // Reload: the issue is read back from the server.
  await page.reload();
  await page.getByRole("heading", { level: 1, name: "Card payment form" }).waitFor();
  // The description shows as plain text until the markdown renderer (loaded after the first view) is in.
  await page.locator("article em", { hasText: "hosted" }).waitFor();
  expect(await page.getByLabel("Status").inputValue()).toBe("open");
  expect(await page.getByLabel("Priority").inputValue()).toBe("high");
  expect(await page.getByLabel("Spec", { exact: true }).inputValue()).toBe(specId);
  await saveScreenshot(page, "e2e-04-issue-page");

  // Edit the status: saved immediately, survives a reload.
  await page.getByLabel("Status").selectOption("in_progress");
  await page.getByRole("status").filter({ hasText: "Saved" }).waitFor();
  await page.reload();
  await page.getByRole("heading", { level: 1, name: "Card payment form" }).waitFor();
  expect(await page.getByLabel("Status").inputValue()).toBe("in_progress");
  await saveScreenshot(page, "e2e-05-issue-status-edited");

  // The spec page (reloaded from scratch) shows the spec and lists the issue with its new status.
  await page.goto(`${server.url}/specs/${specId.toLowerCase()}`); // ids are case-insensitive
  await page.waitForURL(new RegExp(`/specs/${specId}$`));
  await page.getByRole("heading", { level: 1, name: "Checkout flow" }).waitFor();
  expect(await page.getByRole("listitem").filter({ hasText: "Pay with" }).count()).toBe(1);
  const issues = page.getByRole("list", { name: `Issues of ${specId}` });
  await issues.waitFor();
  const row = issues.getByRole("listitem").filter({ hasText: "Card payment form" });
  expect(await row.count()).toBe(1);
  expect(await row.textContent()).toContain(issueId);
  expect(await row.textContent()).toContain("In progress");
  await saveScreenshot(page, "e2e-06-spec-page-with-issue");

  // The issues list finds it by a case-insensitive search and by status.
  await page.goto(`${server.url}/issues?q=CARD&status=in_progress`);
  await page.getByRole("link", { name: "Card payment form" }).waitFor();
  await saveScreenshot(page, "e2e-07-issues-list-filtered");
});

it("shows the API's message for an unknown issue", async () => {
  await page.goto(`${server.url}/issues/ISSUE-9999`);
  // (Next's route announcer is also role="alert"; pick ours by its text.)
  const alert = page.getByRole("alert").filter({ hasText: "not found" });
  await alert.waitFor();
  expect(await alert.textContent()).toContain("Issue ISSUE-9999 not found");
  await saveScreenshot(page, "e2e-08-unknown-issue");
});
