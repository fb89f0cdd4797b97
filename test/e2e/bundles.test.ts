/**
 * End to end in headless Chromium with the real Claude Code CLI (against the
 * Messages-API stand-in) and a real runner: a session exists on an issue →
 * /bundles: create a bundle → add the issue and the session by id → reorder
 * with the keyboard → Load context with a prompt → land on the new
 * execution, which continues the session and completes. Then the header's
 * search box finds what the agent said and links to that log entry.
 */
import { prisma } from "@/server/db";
import { ensureSessionOf } from "@/server/sessions/record-session-capture";
import { useAgentE2eSuite } from "@/test/support/agent-e2e-suite";
import { saveScreenshot } from "@/test/support/browser";
import { waitForExecution, waitForSearchIndexed } from "@/test/support/executions-harness";
import { makeIssue, makeSpec } from "@/test/support/factories";
import { lastUserText } from "@/test/support/messages-api";
import { api } from "@/test/support/executions-api";

jest.setTimeout(240_000);

const suite = useAgentE2eSuite("e2e-bundles-runner");

test("build a bundle with an issue and a session, load its context, land on the new execution; then search finds it", async () => {
  const { harness, server, page } = suite;
  harness.api.setScript((request) => {
    const text = lastUserText(request);
    // Slow enough that the new execution's page is drawn while it runs (see below).
    if (text.includes("Use the bundle")) return { kind: "text", text: "Understood: the marmalade parser needs a fix.", delayMs: 1_500 };
    return { kind: "text", text: `Echo: ${text}` };
  });
  const spec = await makeSpec({ title: "Parser rules", body: "SPEC-TEXT: trailing commas are allowed." });
  const issue = await makeIssue({ title: "Parser rejects trailing commas", body: "ISSUE-TEXT: JSON with a trailing comma fails.", specId: spec.id });
  const first = await api.create({ issueId: issue.id, prompt: "look at the parser" });
  const done = await waitForExecution(first.body.id);
  expect(done.status).toBe("completed");
  const sessionId = (await ensureSessionOf(done.id))!;

  // Create the bundle.
  await page.goto(`${server.url}/bundles`);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Bundles" }).waitFor();
  await page.getByLabel("Name").fill("Parser work");
  await page.getByLabel("Description").fill("Everything about the JSON parser");
  await page.getByRole("button", { name: "Create bundle" }).click();
  await page.waitForURL(/\/bundles\/BUNDLE-1$/);
  await page.getByRole("heading", { name: "Parser work" }).waitFor();

  // Add the issue, the spec and the session by id; an unknown id is refused, naming it.
  await page.getByLabel("Add by id").fill("SESS-99");
  await page.getByRole("button", { name: "Add", exact: true }).click();
  await page.getByText("Unknown reference: SESS-99").waitFor();
  await page.getByLabel("Add by id").fill(`${issue.id} ${spec.id} ${sessionId}`);
  await page.getByRole("button", { name: "Add", exact: true }).click();
  const items = page.getByRole("list", { name: "Bundle items" });
  await items.getByRole("link", { name: sessionId }).waitFor();
  expect(await items.getByRole("listitem").allTextContents()).toEqual([
    expect.stringContaining(issue.id),
    expect.stringContaining(spec.id),
    expect.stringContaining(sessionId),
  ]);

  // Reorder with the keyboard: the session to the top.
  // Each move saves before the next one is possible (the buttons are disabled
  // while the new order is stored), so wait for it as a person would.
  const moveUp = page.getByRole("button", { name: `Move ${sessionId} up` });
  const whenEnabled = async () => {
    for (let i = 0; i < 200 && !(await moveUp.isEnabled()); i++) await page.waitForTimeout(50);
  };
  await moveUp.focus();
  await page.keyboard.press("Enter");
  await page
    .getByRole("status")
    .filter({ hasText: `Moved ${sessionId} to position 2 of 3` })
    .waitFor();
  await whenEnabled();
  await moveUp.focus();
  await page.keyboard.press("Enter");
  await page
    .getByRole("status")
    .filter({ hasText: `Moved ${sessionId} to position 1 of 3` })
    .waitFor();
  await expectSavedOrder([sessionId, issue.id, spec.id]);
  await saveScreenshot(page, "bundle-page");

  // Load context → the new execution's page, which completes. The page is
  // drawn on the server while the run goes on, and reaches the browser only
  // after the run has ended and the status stream has said so (as on a busy
  // machine): the log must still show the run's end, not stop where the page
  // was drawn (the log loader reads the rest).
  const executionPage = (url: URL) => /^\/executions\/[0-9a-f-]{36}$/.test(url.pathname);
  await page.route(executionPage, async (route) => {
    const id = new URL(route.request().url()).pathname.split("/").pop()!;
    const drawn = await route.fetch();
    if (id !== done.id) {
      await waitForExecution(id);
      await page.waitForTimeout(1_000);
    }
    await route.fulfill({ response: drawn });
  });
  await page.getByLabel("Prompt", { exact: true }).fill("Use the bundle and fix the parser.");
  await page.getByRole("button", { name: "Load context" }).click();
  await page.waitForURL((url) => /\/executions\/[0-9a-f-]{36}$/.test(url.pathname));
  const executionId = page.url().split("/").pop()!;
  await page.getByText("Understood: the marmalade parser needs a fix.").first().waitFor();
  await page.getByText("Completed", { exact: true }).first().waitFor();
  // Wait for a handler still holding a later request (the page refreshes
  // itself when the run ends): removing it mid-flight lets Playwright pass
  // that request on, and the handler's own fulfil then fails the test.
  await page.unrouteAll({ behavior: "wait" });
  const loaded = await waitForExecution(executionId);
  expect(loaded.status).toBe("completed");
  expect(loaded.parentExecutionId).toBe(done.id);
  expect(loaded.sessionId).toBe(done.sessionId);
  const sent = lastUserText(harness.api.requests.find((r) => lastUserText(r).includes("Use the bundle and fix the parser."))!);
  expect(sent).toContain("SPEC-TEXT: trailing commas are allowed.");
  expect(sent).toContain("ISSUE-TEXT: JSON with a trailing comma fails.");
  await saveScreenshot(page, "bundle-loaded-execution");

  // Search from the header: the agent's words, linked to their log entry
  // (once the runner's search indexer has caught up with the run).
  await waitForSearchIndexed(executionId);
  const box = page.getByRole("search", { name: "Search specs, issues and sessions" }).getByRole("searchbox");
  await box.fill("marmalade parser");
  await box.press("Enter");
  await page.waitForURL(/\/search\?q=marmalade/);
  const results = page.getByRole("list", { name: "Search results" });
  const hit = results.getByRole("link").filter({ hasText: "marmalade" }).first();
  await hit.waitFor();
  await saveScreenshot(page, "search-page");
  const href = (await hit.getAttribute("href"))!;
  expect(href).toMatch(new RegExp(`^/executions/${executionId}#seq-\\d+$`));
  await hit.click();
  await page.waitForURL((url) => url.pathname === `/executions/${executionId}` && /^#seq-\d+$/.test(url.hash));
  await page.locator(href.slice(href.indexOf("#"))).waitFor();
});

async function expectSavedOrder(expected: string[]) {
  for (let i = 0; i < 100; i++) {
    const rows = await prisma.contextBundleItem.findMany({ where: { bundleId: "BUNDLE-1" }, orderBy: { position: "asc" } });
    if (rows.map((r) => r.entityId).join() === expected.join()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`bundle items never became ${expected.join(", ")}`);
}
