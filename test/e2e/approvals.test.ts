/**
 * People in the loop, in headless Chromium with the real Claude Code CLI
 * (against the Messages-API stand-in, scripted to ask to run commands) and a
 * real runner: the decision card on the execution page (Allow once; Deny with
 * a message the agent reads), the tree's "waiting for you", the Inbox with
 * its count in the navigation and the tab title, deciding from the Inbox, and
 * a browser notification the person turned on.
 */
import type { Locator } from "playwright-core";
import { prisma } from "@/server/db";
import { executionIdFromUrl, useAgentE2eSuite } from "@/test/support/agent-e2e-suite";
import { scriptToolTurns } from "@/test/support/approvals-api";
import { saveScreenshot } from "@/test/support/browser";
import { waitForExecution } from "@/test/support/executions-harness";
import { currentTurn } from "@/test/support/turn-script";

jest.setTimeout(240_000);

const suite = useAgentE2eSuite("e2e-approvals-runner");
const node = (code: string) => ({ name: "Bash", input: { command: `node -e "${code}"`, description: "compute" } });

/** What the model was told last in the turn with this prompt. */
function lastToolResult(prompt: string): string {
  const requests = suite.harness.api.requests.filter((r) => currentTurn(r).prompt.includes(prompt));
  const { results } = currentTurn(requests[requests.length - 1]);
  return results[results.length - 1] ?? "";
}

/**
 * Waits for the decision card of an execution whose agent is still starting: the wait spans the CLI's
 * start and first model turn (60 s, as the other e2e tests give an agent's turn on a busy machine).
 * On a timeout it says whether the agent had asked, so a slow agent and a page that missed its
 * request fail differently.
 */
async function waitForCard(card: Locator, executionId: string): Promise<void> {
  try {
    await card.waitFor({ timeout: 60_000 });
  } catch (error) {
    const execution = await prisma.execution.findUnique({ where: { id: executionId }, select: { status: true, waitingFor: true } });
    const approvals = await prisma.approval.findMany({ where: { executionId }, select: { id: true, status: true, requestedAt: true } });
    const held = `execution ${execution?.status}, waitingFor ${JSON.stringify(execution?.waitingFor)}, approvals ${JSON.stringify(approvals)}`;
    throw new Error(`${(error as Error).message}\nIn the database at ${new Date().toISOString()}: ${held}`);
  }
}

test("an agent asks, a person decides in the page, the Inbox or after a notification", async () => {
  const { harness, server, page } = suite;
  // The browser's notifications are allowed; each one the page shows is recorded (and still shown).
  await page.context().grantPermissions(["notifications"], { origin: server.url });
  await page.addInitScript(() => {
    const Real = window.Notification;
    const shown: Array<{ title: string; body?: string }> = [];
    (window as unknown as { __notifications: typeof shown }).__notifications = shown;
    class Recorded extends Real {
      constructor(title: string, options?: NotificationOptions) {
        super(title, options);
        shown.push({ title, body: options?.body });
      }
    }
    window.Notification = Recorded as typeof Notification;
  });
  scriptToolTurns(harness.api, {
    "e2e allow": [node("console.log(6*7)")],
    "e2e deny": [node("console.log(1)")],
    "e2e inbox": [node("console.log(8*8)")],
  });

  await page.goto(`${server.url}/issues/new`);
  await page.getByLabel("Title").fill("Let the agent run the tests");
  await page.getByRole("button", { name: /create issue/i }).click();
  await page.waitForURL(/\/issues\/ISSUE-\d+$/);
  const issueUrl = page.url();

  // 1. Allow once, on the execution page.
  await page.getByLabel("Prompt", { exact: true }).fill("e2e allow");
  await page.getByRole("button", { name: "Run agent" }).click();
  const allowId = await executionIdFromUrl(page);
  const card = page.getByRole("region", { name: "The agent asks to run this" });
  await waitForCard(card, allowId);
  await card.getByText(`$ node -e "console.log(6*7)"`).waitFor();
  await page.getByText("Waiting for you", { exact: true }).waitFor();
  await page.getByRole("link", { name: /Inbox.*1 waiting for you/ }).waitFor();
  expect(await page.title()).toMatch(/^\(1\) /);
  await saveScreenshot(page, "approval-card");

  // The issue's history and its session tree mark the turn that waits.
  await page.goto(issueUrl);
  await page.getByText("Waiting for you", { exact: true }).waitFor();
  await page.goto(`${issueUrl}?view=tree`);
  await page.getByRole("treeitem", { name: /waiting for you/ }).waitFor();
  await page.goto(`${server.url}/executions/${allowId}`);
  await card.getByRole("button", { name: "Allow once" }).click();
  await card.waitFor({ state: "detached" });
  await page.getByText("Completed", { exact: true }).waitFor();
  expect(lastToolResult("e2e allow")).toBe("42");
  // The decision is in the log.
  await page
    .locator("[data-slot=approval-decided]")
    .getByText(/Allowed by /)
    .waitFor();

  // 2. Deny with a message the agent reads: the turn says an action was refused.
  await page.goto(issueUrl);
  await page.getByLabel("Prompt", { exact: true }).fill("e2e deny");
  await page.getByRole("button", { name: "Run agent" }).click();
  const denyId = await executionIdFromUrl(page, allowId);
  await waitForCard(card, denyId);
  await card.getByRole("button", { name: "Deny…" }).click();
  await card.getByLabel(/Tell the agent why/).fill("Use the test runner instead.");
  await card.getByRole("button", { name: "Deny", exact: true }).click();
  await page.getByText("Completed — 1 action refused").waitFor();
  expect(lastToolResult("e2e deny")).toContain("Use the test runner instead.");
  expect((await waitForExecution(denyId)).refusedActions).toBe(1);

  // 3. Notifications on, then decide from the Inbox.
  await page.goto(`${server.url}/inbox`);
  await page.getByText("Nothing waits for you").waitFor();
  await page.getByText("How you are told").click();
  await page.getByRole("button", { name: "Notify me when an agent needs me, finishes or fails" }).click();
  await page.getByText("Browser notifications are on.").waitFor();
  await page.goto(issueUrl);
  await page.getByLabel("Prompt", { exact: true }).fill("e2e inbox");
  await page.getByRole("button", { name: "Run agent" }).click();
  const inboxId = await executionIdFromUrl(page, denyId);
  await page.waitForFunction(
    () => (window as unknown as { __notifications: Array<{ title: string }> }).__notifications.some((n) => n.title.startsWith("An agent needs you")),
    undefined,
    { timeout: 60_000 }, // the agent starts and asks first
  );
  await page.goto(`${server.url}/inbox`);
  const listed = page.getByRole("list", { name: "Waiting for you" });
  await listed.getByText(`$ node -e "console.log(8*8)"`).waitFor();
  await saveScreenshot(page, "inbox");
  await listed.getByRole("button", { name: "Allow for this session" }).click();
  await page.getByText("Nothing waits for you").waitFor();
  const done = await waitForExecution(inboxId);
  expect(done.status).toBe("completed");
  expect(lastToolResult("e2e inbox")).toBe("64");
});
