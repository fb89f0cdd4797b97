/**
 * Issue 23's "done when", in headless Chromium against the production app:
 * an agent (the real Claude Code CLI, its model the scripted stand-in)
 * working on a new issue finds the earlier session where the same problem
 * was solved, reads it and cites it through the app's own /api/mcp — and the
 * person sees that it did: "Consulted SESS-n" on the run, the run under
 * "Consulted by" and the issue under "Referenced by" on the session.
 */
import { useAgentE2eSuite } from "@/test/support/agent-e2e-suite";
import { saveScreenshot } from "@/test/support/browser";
import { api } from "@/test/support/executions-api";
import { waitForExecution, waitForSearchIndexed } from "@/test/support/executions-harness";
import { makeIssue } from "@/test/support/factories";
import { currentTurn } from "@/test/support/turn-script";
import { prisma } from "@/server/db";

jest.setTimeout(240_000);

const suite = useAgentE2eSuite("e2e-mcp-runner", { mcp: true });

test("an agent finds, reads and cites the earlier session, and the person sees it", async () => {
  const { harness, server, page } = suite;
  const old = await makeIssue({ title: "Sessions expire too early" });
  harness.api.setScript(() => ({ kind: "text", text: "The refresh check used numbatclock skew; I fixed the comparison." }));
  const first = await waitForExecution((await api.create({ issueId: old.id, prompt: "fix the expiry" })).body.id);
  expect(first.status).toBe("completed");
  await waitForSearchIndexed(first.id);
  const sessionRef = (await prisma.execution.findUniqueOrThrow({ where: { id: first.id } })).managedSessionId!;

  const calls = [
    { name: "mcp__arbor__search_sessions", input: { query: "numbatclock" } },
    { name: "mcp__arbor__get_session", input: { ref: sessionRef } },
    { name: "mcp__arbor__cite", input: { ref: sessionRef, note: "the same clock bug" } },
  ];
  harness.api.setScript((request) => {
    const { results } = currentTurn(request);
    const next = calls[results.length];
    return next ? { kind: "tool_use", calls: [next] } : { kind: "text", text: `Found it in ${sessionRef}: the clock skew.` };
  });
  const issue = await makeIssue({ title: "Users are logged out at midnight" });
  const run = await waitForExecution((await api.create({ issueId: issue.id, prompt: "look for an earlier fix first" })).body.id);
  expect(run.status).toBe("completed");

  await page.goto(`${server.url}/executions/${run.id}`);
  const line = page.getByLabel("What this run read and recorded in Arbor");
  await line.getByRole("link", { name: sessionRef }).first().waitFor();
  await line.getByText(/cited/).waitFor();
  await saveScreenshot(page, "execution-consulted");

  await page.goto(`${server.url}/sessions/${sessionRef}`);
  await page
    .getByRole("list", { name: `Runs that read ${sessionRef}` })
    .getByText(issue.id)
    .waitFor();
  await page.getByText("Users are logged out at midnight").first().waitFor();
  await saveScreenshot(page, "session-consulted-by");
});
