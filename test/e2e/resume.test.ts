/**
 * End to end in headless Chromium with the real Claude Code CLI (against the
 * Messages-API stand-in) and a real runner: a session the agent can no longer
 * resume (its transcript is broken) → Continue Session in the browser → the
 * rejected attempt stays failed and points at Arbor's automatic retry → the
 * retry carries the badge "continued from Arbor's transcript — the agent's
 * session was gone" → the tree draws it under the failed attempt by a
 * restarted edge. Then the fresh-session toggle, told up front.
 */
import fs from "node:fs";
import { executionIdFromUrl, useAgentE2eSuite } from "@/test/support/agent-e2e-suite";
import { saveScreenshot } from "@/test/support/browser";
import { waitForExecution } from "@/test/support/executions-harness";
import { makeIssue } from "@/test/support/factories";
import { api } from "@/test/support/executions-api";
import { forgetSessionState } from "@/test/support/forget-session-state";
import { transcriptPath, turnText } from "@/test/support/turn-script";

jest.setTimeout(180_000);

// Warm sessions off: a warm process still holds the conversation in memory,
// so its Continue would never meet the broken transcript this test is about.
const suite = useAgentE2eSuite("e2e-resume-runner", { runnerEnv: { ARBOR_WARM_SESSIONS: "0" } });

test("a session the agent lost: Continue → one failed attempt, Arbor's automatic retry with its badge, a restarted edge in the tree", async () => {
  const { harness, server, page } = suite;
  const issueId = (await makeIssue({ title: "Keep the conversation" })).id;
  const first = await waitForExecution((await api.create({ issueId, prompt: "remember the password is swordfish" })).body.id);
  expect(first.status).toBe("completed");
  // The transcript is still there but the agent finds no conversation in it (and Arbor's copy, which would repair it, is gone).
  await forgetSessionState(first);
  fs.writeFileSync(transcriptPath(harness.env.CLAUDE_CONFIG_DIR!, first.cwd, first.sessionId!), "broken\n");

  await page.goto(`${server.url}/executions/${first.id}`);
  await page.getByLabel("Next prompt").fill("what was the password?");
  // The new turn's page opens once the server has recorded it.
  await page.getByRole("button", { name: "Continue Session" }).click();
  const failedId = await executionIdFromUrl(page, first.id);
  await page.getByText("Session expired or not found").waitFor();
  // The failed attempt says where the turn went on.
  const restartedAs = page.locator("[data-slot=restarted-as]");
  await restartedAs.waitFor();
  expect(await restartedAs.textContent()).toMatch(/^The conversation goes on in #[0-9a-f]{8}\.$/);
  await page.getByText(/Arbor re-ran this turn from its own transcript in execution [0-9a-f-]{36}\./).waitFor();
  await saveScreenshot(page, "resume-failed-attempt");
  await restartedAs.getByRole("link").click();
  const retryId = await executionIdFromUrl(page, failedId);
  await page.getByTestId("resume-badge").getByText("Continued from Arbor's transcript — the agent's session was gone").waitFor();
  await page.getByText("Completed", { exact: true }).waitFor();
  const retry = await waitForExecution(retryId);
  expect(retry).toMatchObject({ status: "completed", restartedFromExecutionId: failedId, resumeReason: "resume_rejected" });
  // The model got the conversation as history and the question as the task.
  const primed = harness.api.requests.filter((r) => turnText(r).includes("<arbor-request>") && turnText(r).includes("what was the password?"));
  expect(primed).toHaveLength(1);
  expect(turnText(primed[0])).toContain("remember the password is swordfish");
  await saveScreenshot(page, "resume-retry");

  // The tree: the retry hangs under the failed attempt by a restarted (amber, dotted) edge.
  await page.goto(`${server.url}/issues/${issueId}?view=tree`);
  const graph = page.getByRole("tree", { name: `Session tree of ${issueId}` });
  await graph.waitFor();
  expect(await graph.getByRole("treeitem").count()).toBe(3);
  const restarted = graph.locator('path[data-edge="restarted"]');
  expect(await restarted.count()).toBe(1);
  expect(await restarted.getAttribute("stroke-dasharray")).toBe("2 4");
  await graph.getByRole("treeitem", { name: /, restart, from Arbor's transcript, completed/ }).waitFor();
  await saveScreenshot(page, "resume-tree");

  // Force-fresh from the form: told up front, before it runs.
  await page.goto(`${server.url}/executions/${retryId}`);
  await page.getByLabel("Next prompt").fill("start over but keep the context");
  await page.getByRole("checkbox", { name: /Start a fresh session/ }).check();
  await page.getByRole("button", { name: "Continue Session" }).click();
  await page.getByText("continued from Arbor's transcript — a fresh session was asked for").waitFor();
});
