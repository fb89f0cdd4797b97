/**
 * Issue 24 end to end in headless Chromium, with the real runner, the real
 * Claude CLI and git: a session runs on machine A (a runner with its own
 * Claude config and data directory); A is drained from the Runners page; a
 * Continue from the execution page goes to machine B, which restores Claude's
 * transcript from Arbor's copy and the line's files from its snapshot, and
 * resumes the same session. The execution page says what was restored.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { useAgentE2eSuite, executionIdFromUrl } from "@/test/support/agent-e2e-suite";
import { saveScreenshot } from "@/test/support/browser";
import { api, waitForEnd } from "@/test/support/executions-api";
import { makeIssue } from "@/test/support/factories";
import { historyText, StandIn } from "@/test/support/turn-script";
import { gitProject, scriptBashTurns, toolOutputOf } from "@/test/support/worktree-runs";

jest.setTimeout(240_000);

const machineEnv = (root: string, id: string) => ({
  CLAUDE_CONFIG_DIR: path.join(root, id, "claude"),
  ARBOR_DATA_DIR: path.join(root, id, "data"),
});

// Machine A's disk (the suite starts its runner before any test, so it is made here).
const machines = mkdtempSync(path.join(os.tmpdir(), "arbor-e2e-machines-"));
afterAll(() => rmSync(machines, { recursive: true, force: true }));
const suite = useAgentE2eSuite("machine-a", { runnerEnv: machineEnv(machines, "machine-a") });

it("drains machine A from the Runners page, and a Continue goes on in the same session on machine B", async () => {
  const { page, server, harness } = suite;
  const standIn = new StandIn(harness.api);
  scriptBashTurns(standIn, {
    "write notes.txt on a": "printf 'from machine a\\n' > notes.txt && echo wrote",
    "read notes.txt on b": "cat notes.txt",
  });
  const project = await gitProject(harness.projects, "travel");
  const issue = await makeIssue({ title: "Travel", projectId: project.id });
  const first = await waitForEnd((await api.create({ issueId: issue.id, prompt: "write notes.txt on a" })).body.id, 90_000);
  expect(first).toMatchObject({ status: "completed", runnerId: "machine-a" });

  // The Runners page (from Agents): A active, then drained.
  await page.goto(`${server.url}/agents`);
  await page.getByRole("link", { name: "Runners", exact: true }).click();
  await page.waitForURL(/\/runners$/);
  const rowA = page.getByRole("row").filter({ hasText: "machine-a" });
  await rowA.getByText("active").waitFor();
  page.once("dialog", (dialog) => void dialog.accept());
  await rowA.getByRole("button", { name: "Drain machine-a" }).click();
  await rowA.getByText("drained").waitFor({ timeout: 30_000 });
  await saveScreenshot(page, "sessions-across-machines-00-drained");

  // Machine B, with a disk of its own.
  await harness.startRunner({ runnerId: "machine-b", env: machineEnv(machines, "machine-b") });
  await page.goto(`${server.url}/executions/${first.id}`);
  await page.getByLabel("Next prompt").fill("read notes.txt on b");
  await page.getByRole("button", { name: "Continue Session" }).click();
  const nextId = await executionIdFromUrl(page, first.id);
  await page.getByText("Completed", { exact: true }).waitFor({ timeout: 90_000 });
  // Under Details, beside the machine that ran it.
  await page.locator("[data-slot=execution-details] > summary").click();
  await page
    .getByTestId("state-restore")
    .getByText(/Restored from Arbor's copy \(last stored by runner machine-a\): 1 file/)
    .waitFor();
  await saveScreenshot(page, "sessions-across-machines-01-restored");

  const next = (await api.get(nextId)).body;
  expect(next).toMatchObject({ runnerId: "machine-b", sessionId: first.sessionId, resume: { decision: "resume" } });
  expect(historyText(standIn.requestsFor("read notes.txt on b")[0]!)).toContain("write notes.txt on a");
  expect(toolOutputOf(standIn, "read notes.txt on b")).toContain("from machine a");
});
