/**
 * The first hour in the web UI, in headless Chromium with the real Claude Code
 * CLI (against the Messages-API stand-in) and a real runner: the execution
 * page shows the prompt at once and its Outcome turns live when the run ends;
 * Continue lands on the new turn; Continue on a turn that already has a next
 * turn says before sending that it becomes a fork; the session page shows the
 * whole conversation; at 390 px a Menu opens the navigation; `/` focuses
 * search and `?` lists the shortcuts.
 */
import { executionIdFromUrl, useAgentE2eSuite } from "@/test/support/agent-e2e-suite";
import { saveScreenshot } from "@/test/support/browser";
import { waitForExecution } from "@/test/support/executions-harness";
import { StandIn } from "@/test/support/turn-script";

jest.setTimeout(240_000);

const suite = useAgentE2eSuite("e2e-first-hour");

test("the conversation first, a live outcome, Continue and Fork on their new turns, the session's whole conversation", async () => {
  const { harness, server, page } = suite;
  const standIn = new StandIn(harness.api);
  // The first reply waits until the test has seen the running page.
  const first = standIn.hold("first: why is the build red");

  await page.goto(`${server.url}/issues/new`);
  await page.getByLabel("Title").fill("Make the build green");
  await page.getByRole("button", { name: /create issue/i }).click();
  await page.waitForURL(/\/issues\/ISSUE-\d+$/);
  await page.getByLabel("Prompt", { exact: true }).fill("first: why is the build red");
  await page.getByRole("button", { name: "Run agent" }).click();
  const firstId = await executionIdFromUrl(page);

  // The prompt shows at once, from the execution itself, while the model has not answered.
  await page.getByTestId("turn-prompt").getByText("first: why is the build red").waitFor();
  await first.arrived;
  await page.getByText("Running", { exact: true }).first().waitFor();
  expect(await page.getByText("Echo: first: why is the build red").count()).toBe(0);
  // Outcome: not markable while it runs.
  const outcome = page.getByTestId("execution-outcome");
  await outcome.getByText("Still running: mark it once it has finished.").waitFor();
  expect(await outcome.getByRole("button", { name: "Worked" }).isDisabled()).toBe(true);
  // The telemetry is folded away.
  expect(await page.getByText(/request → recorded/).isVisible()).toBe(false);
  await saveScreenshot(page, "first-hour-01-running");

  first.release();
  await page.getByText("Echo: first: why is the build red").first().waitFor();
  await page.getByText("Completed", { exact: true }).first().waitFor();
  // …and turns live when the run ends, without a reload.
  await outcome.getByRole("button", { name: "Worked" }).and(page.locator(":enabled")).waitFor();
  expect(await outcome.getByText(/Still running/).count()).toBe(0);
  await saveScreenshot(page, "first-hour-02-completed");

  // Continue: the new turn's page opens.
  await page.getByLabel("Next prompt").fill("second: fix it");
  await page.getByRole("button", { name: "Continue Session" }).click();
  const secondId = await executionIdFromUrl(page, firstId);
  await page.getByTestId("turn-prompt").getByText("second: fix it").waitFor();
  await page.getByText("Echo: second: fix it").first().waitFor();
  const second = await waitForExecution(secondId);
  expect(second).toMatchObject({ status: "completed", parentExecutionId: firstId });

  // Continue on the first turn, which already has a next turn: said before sending, recorded as a fork.
  await page.goto(`${server.url}/executions/${firstId}`);
  const warning = page.locator("[data-slot=continue-becomes-fork]");
  await warning.waitFor();
  expect(await warning.textContent()).toContain(
    `This turn already has a next turn (the session's latest is #${secondId.slice(0, 8)}): Continue will be recorded as a fork`,
  );
  await saveScreenshot(page, "first-hour-03-fork-warning");
  await page.getByLabel("Next prompt").fill("third: another way");
  await page.getByRole("button", { name: "Continue Session" }).click();
  const thirdId = await executionIdFromUrl(page, firstId);
  await page.getByText("Echo: third: another way").first().waitFor();
  const third = await waitForExecution(thirdId);
  expect(third).toMatchObject({ status: "completed", forkedFromExecutionId: firstId, parentExecutionId: null });

  // Fork from the first turn: the fork's page opens.
  await page.goto(`${server.url}/executions/${firstId}`);
  await page.getByLabel("Next prompt").fill("fourth: a fork");
  await page.getByRole("button", { name: "Fork Session" }).click();
  const fourthId = await executionIdFromUrl(page, firstId);
  await page.getByTestId("turn-prompt").getByText("fourth: a fork").waitFor();
  expect((await waitForExecution(fourthId)).forkedFromExecutionId).toBe(firstId);

  // The session page: every turn's prompt and answer, in order, each linked to its page, the tree beside.
  await page.goto(`${server.url}/sessions/${second.managedSessionId}`);
  const conversation = page.getByRole("list", { name: `Conversation of ${second.managedSessionId}` });
  await conversation.getByText("Echo: second: fix it").waitFor();
  const turns = conversation.getByRole("listitem");
  expect(await turns.count()).toBe(2);
  expect(await turns.nth(0).textContent()).toContain("first: why is the build red");
  expect(await turns.nth(0).textContent()).toContain("Echo: first: why is the build red");
  expect(await turns.nth(1).textContent()).toContain("second: fix it");
  await page.getByRole("tree", { name: `Session tree of ${second.issueId}` }).waitFor();
  await saveScreenshot(page, "first-hour-04-session");
  await turns
    .nth(1)
    .getByRole("link", { name: `Open turn 2, execution #${secondId.slice(0, 8)}` })
    .click();
  await page.waitForURL(new RegExp(`/executions/${secondId}$`));
});

test("at 390 px a Menu opens the navigation; / focuses search, ? lists the shortcuts and Esc closes them", async () => {
  const { server, browser } = suite;
  const phone = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  phone.setDefaultTimeout(20_000);
  await phone.goto(`${server.url}/issues`);
  const menu = phone.getByRole("button", { name: /^Menu/ });
  await menu.waitFor();
  expect(await phone.getByRole("navigation", { name: "Main" }).count()).toBe(0);
  await menu.click();
  const nav = phone.getByRole("navigation", { name: "Main" });
  for (const name of ["Issues", "Specs", "Sessions", "Bundles", "Projects", "Insights"]) await nav.getByRole("link", { name }).waitFor();
  await saveScreenshot(phone, "first-hour-05-phone-menu");
  await nav.getByRole("link", { name: "Sessions" }).click();
  await phone.waitForURL(/\/sessions$/);
  expect(await phone.getByRole("navigation", { name: "Main" }).count()).toBe(0);
  await phone.close();

  const { page } = suite;
  await page.goto(`${server.url}/issues`);
  await page.getByRole("heading", { level: 1, name: "Issues" }).waitFor();
  await page.locator("body").click({ position: { x: 5, y: 300 } });
  await page.keyboard.press("/");
  await page.waitForFunction(() => document.activeElement?.id === "header-search");
  expect(await page.locator("#header-search").inputValue()).toBe("");
  await page.locator("body").click({ position: { x: 5, y: 300 } });
  await page.keyboard.press("?");
  const dialog = page.getByRole("dialog", { name: "Keyboard shortcuts" });
  await dialog.getByText("Show these shortcuts").waitFor();
  await saveScreenshot(page, "first-hour-06-shortcuts");
  await page.keyboard.press("Escape");
  await dialog.waitFor({ state: "detached" });
});
