/**
 * End to end in headless Chromium with the real Claude Code CLI (against the
 * Messages-API stand-in) and a real runner: create an issue → run an agent →
 * the session id appears while it runs → Continue Session → Fork Session from
 * the first execution → the issue's history shows the three executions with
 * one fork → the tree picture shows three nodes and one fork edge → Compare
 * forks opens the two branches side by side → the CLI prints the same tree.
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { executionIdFromUrl, useAgentE2eSuite } from "@/test/support/agent-e2e-suite";
import { saveScreenshot } from "@/test/support/browser";
import { waitForExecution } from "@/test/support/executions-harness";
import { lastUserText } from "@/test/support/messages-api";

jest.setTimeout(180_000);

const suite = useAgentE2eSuite("e2e-runner");

test("run, watch the session id appear, continue, fork from the first, see the tree", async () => {
  const { harness, server, page } = suite;
  // Hold the first reply until the test has seen the session id on the page.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  harness.api.setScript(async (request) => {
    const text = lastUserText(request);
    if (text.includes("first task")) await held;
    return { kind: "text", text: `Echo: ${text}` };
  });

  await page.goto(`${server.url}/issues/new`);
  await page.getByLabel("Title").fill("Make the build green");
  await page.getByRole("button", { name: /create issue/i }).click();
  await page.waitForURL(/\/issues\/ISSUE-\d+$/);

  await page.getByLabel("Prompt", { exact: true }).fill("first task: look around");
  await page.getByRole("button", { name: "Run agent" }).click();
  const firstId = await executionIdFromUrl(page);

  // Live: the session id shows (under Details) while the agent is still running.
  await page.locator("[data-slot=execution-details] > summary").click();
  const sessionId = page.getByTestId("session-id");
  await sessionId.waitFor();
  await page.getByText("Running", { exact: true }).waitFor();
  const shownId = (await sessionId.textContent())!.trim();
  expect(shownId).toMatch(/^[0-9a-f-]{36}$/);
  await saveScreenshot(page, "execution-running");
  release();
  await page.getByText("Echo: first task: look around").first().waitFor();
  await page.getByText("Completed", { exact: true }).waitFor();

  // Continue Session: same session, next turn.
  await page.getByLabel("Next prompt").fill("second: keep going");
  // The new turn's page opens once the server has recorded it.
  await page.getByRole("button", { name: "Continue Session" }).click();
  const secondId = await executionIdFromUrl(page, firstId);
  await page.getByText("Echo: second: keep going").first().waitFor();
  const second = await waitForExecution(secondId);
  expect(second.status).toBe("completed");
  expect(second.sessionId).toBe(shownId);
  expect(second.parentExecutionId).toBe(firstId);

  // The execution page's HTML carries the conversation: its end is drawn before any script runs.
  const html = await (await fetch(`${server.url}/executions/${firstId}`)).text();
  expect(html).toMatch(/role="feed"[^>]*data-testid="execution-log"/);
  expect(html).toMatch(/<div[^>]*data-seq="\d+"[^>]*role="article"/);
  expect(html).toContain("Echo: first task: look around</p>");

  // Fork Session from the first execution: a new session branched at its last message.
  // Opened fresh, the page takes its HTML as it is (hydrating it raises no mismatch).
  const pageErrors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") pageErrors.push(message.text());
  });
  page.on("pageerror", (error) => pageErrors.push(error.message));
  await page.goto(`${server.url}/executions/${firstId}`);
  await page.getByRole("feed", { name: "Execution log" }).getByText("Echo: first task: look around").waitFor();
  await page.getByLabel("Next prompt").waitFor();
  expect(pageErrors.filter((e) => /hydrat|#418|#423|#425/i.test(e))).toEqual([]);
  await page.getByLabel("Next prompt").fill("third: try another way");
  await page.getByRole("button", { name: "Fork Session" }).click();
  const forkId = await executionIdFromUrl(page, firstId);
  await page.getByText("Echo: third: try another way").first().waitFor();
  const fork = await waitForExecution(forkId);
  expect(fork.status).toBe("completed");
  expect(fork.forkedFromExecutionId).toBe(firstId);
  expect(fork.sessionId).not.toBe(shownId);
  await saveScreenshot(page, "execution-page");

  // The fork saw the first turn but not the continuation made after it.
  const forkRequest = harness.api.requests.filter((r) => lastUserText(r).includes("third: try another way")).at(-1)!;
  const history = JSON.stringify(forkRequest.messages);
  expect(history).toContain("first task: look around");
  expect(history).not.toContain("second: keep going");

  // The issue page shows the three executions: a chain and one fork.
  await page.getByRole("link", { name: fork.issueId }).click();
  const history_ = page.getByRole("list", { name: "Execution history" });
  await history_.waitFor();
  expect(await history_.getByRole("listitem").count()).toBe(3);
  expect(await history_.getByText("fork", { exact: true }).count()).toBe(1);
  await saveScreenshot(page, "issue-page");

  // The same tree as a picture: three nodes, one dashed fork edge, one continue edge.
  await page.getByRole("tab", { name: "Tree" }).click();
  const graph = page.getByRole("tree", { name: `Session tree of ${fork.issueId}` });
  await graph.waitFor();
  expect(await graph.getByRole("treeitem").count()).toBe(3);
  expect(await graph.locator('path[data-edge="fork"]').count()).toBe(1);
  expect(await graph.locator('path[data-edge="continue"]').count()).toBe(1);
  expect(await graph.locator("[data-head]").count()).toBe(2);
  expect(page.url()).toMatch(/\?view=tree$/);
  await graph.getByRole("treeitem", { name: /^#[0-9a-f]{8}, Claude Code, fork,/ }).hover();
  await page.getByRole("tooltip").getByText("third: try another way").waitFor();
  await saveScreenshot(page, "issue-tree");

  // Compare forks: the two branch heads (the continuation and the fork), side by side.
  await page.getByRole("button", { name: "Compare forks" }).click();
  await page.getByRole("link", { name: "Open comparison" }).click();
  await page.waitForURL(new RegExp(`/compare\\?a=${secondId}&b=${forkId}$`));
  const table = page.getByRole("table", { name: /Comparison of execution/ });
  await table.getByText("Echo: second: keep going").waitFor();
  await table.getByText("Echo: third: try another way").waitFor();
  await saveScreenshot(page, "compare");

  // And the CLI agrees.
  const { stdout } = await promisify(execFile)("node", ["bin/arbor.mjs", "--url", server.url, "tree", fork.issueId], {
    env: { ...process.env, NO_COLOR: "1" },
  });
  expect(stdout).toContain(firstId.slice(0, 8));
  expect(stdout).toContain(forkId.slice(0, 8));
  expect(stdout).toMatch(/fork/);

  // The issue page's HTML carries the issue and its History list's first rows: drawn before any script runs.
  const issueHtml = await (await fetch(`${server.url}/issues/${fork.issueId}`)).text();
  expect(issueHtml).toContain("Make the build green</h1>");
  expect(issueHtml).toMatch(/<ol[^>]*aria-label="Execution history"/);
  expect(issueHtml.match(/<li[^>]*aria-setsize="3"/g)).toHaveLength(3);
  expect(issueHtml).toContain("third: try another way</span>");
  // The tree picture lays out every execution: its page draws the issue only.
  const treeHtml = await (await fetch(`${server.url}/issues/${fork.issueId}?view=tree`)).text();
  expect(treeHtml).toContain("Make the build green</h1>");
  expect(treeHtml).not.toContain('aria-label="Execution history"');
  // Opened fresh, the page hydrates that HTML without a mismatch, and the whole list takes the preview's place.
  await page.goto(`${server.url}/issues/${fork.issueId}`);
  await history_.locator("li[style*=translateY]").nth(2).waitFor();
  expect(await history_.getByRole("listitem").count()).toBe(3);
  expect(pageErrors.filter((e) => /hydrat|#418|#423|#425/i.test(e))).toEqual([]);
});
