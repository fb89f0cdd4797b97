import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { ExecutionDto } from "@/lib/executions/schema";
import type { LogEntry } from "@/lib/executions/log-entries";
import { prisma } from "@/server/db";
import { cleanupWorktrees } from "@/server/projects/cleanup-worktrees";
import { api, waitForEnd } from "@/test/support/executions-api";
import { useRunningHarness } from "@/test/support/executions-harness";
import { makeIssue } from "@/test/support/factories";
import { historyText } from "@/test/support/turn-script";
import { waitFor } from "@/test/support/wait";
import { gitProject, scriptBashTurns, toolOutputOf } from "@/test/support/worktree-runs";

// Worktrees ready to work in (issue 25), with real git, the runner and the
// real Claude CLI against its stand-in: the main checkout's ignored files
// (copyFiles and .worktreeinclude) and the setup script's work are there
// before the agent's first tool runs; a setup script that fails or hangs
// fails the execution before any agent request, the worktree kept; the
// cleanup script runs before a worktree is removed.

jest.setTimeout(120_000);

const suite = useRunningHarness({
  runner: { env: { ARBOR_GITHUB_TOKEN: "ghp_not_for_scripts" } },
  script: (standIn) =>
    scriptBashTurns(standIn, {
      "what is in the worktree": "cat .env config/app.local.json deps.txt",
      "setup should have failed": "true",
      "setup should have hung": "true",
    }),
});

const GITIGNORE = ".env\n*.local.json\ndeps.txt\nsleeper.pid\n";
let issueId: string;
beforeAll(async () => {
  issueId = (await makeIssue({ title: "Ready worktrees" })).id;
});

/** A git project with ignored files in its main checkout and these settings. */
async function project(name: string, settings: Record<string, unknown>) {
  const created = await gitProject(suite.h.projects, name, { ".gitignore": GITIGNORE, ".worktreeinclude": "config/*.local.json\n", "README.md": "# app\n" });
  writeFileSync(path.join(created.path, ".env"), "SECRET=from-main\n");
  mkdirSync(path.join(created.path, "config"));
  writeFileSync(path.join(created.path, "config", "app.local.json"), '{"local":true}\n');
  await prisma.project.update({ where: { id: created.id }, data: settings });
  return created;
}

const run = async (projectId: string, prompt: string): Promise<ExecutionDto> => {
  const created = await api.create({ issueId, prompt, projectId });
  expect(created.status).toBe(201);
  return waitForEnd(created.body.id);
};
const entries = async (id: string): Promise<LogEntry[]> => (await api.events(id)).body.events.flatMap((e) => e.entries);
const agentAsked = (prompt: string) => suite.standIn.api.requests.some((r) => historyText(r).includes(prompt));

test("copied files and the setup script's work are in the worktree before the agent's first tool; its output is in the log", async () => {
  const p = await project("ready", {
    copyFiles: [".env"],
    setupScript: 'echo "installing"; echo "a warning" >&2; echo "token=${ARBOR_GITHUB_TOKEN:-none} db=${DATABASE_URL:-none}"; printf \'deps ok\\n\' > deps.txt',
  });
  const done = await run(p.id, "what is in the worktree");
  expect(done).toMatchObject({ status: "completed", error: null });
  expect(toolOutputOf(suite.standIn, "what is in the worktree")).toBe('SECRET=from-main\n{"local":true}\ndeps ok');
  const log = await entries(done.id);
  expect(log).toEqual(
    expect.arrayContaining([
      { type: "text", text: "Copied .env from the main checkout" },
      { type: "text", text: "Copied config/app.local.json from the main checkout" },
      { type: "text", text: "installing" },
      { type: "stderr", text: "a warning" },
      { type: "text", text: "token=none db=none" },
      { type: "text", text: expect.stringMatching(/^The setup script finished in/) },
    ]),
  );
  // Ignored copies and setup output are no change of the line's.
  expect(done.worktree!.changes).toEqual({ files: 0, additions: 0, deletions: 0 });
});

test("a failing setup script fails the execution with setup_failed and its output, the worktree kept, no agent request", async () => {
  const p = await project("broken", { setupScript: "echo 'npm ERR! missing script: ci'; exit 3" });
  const done = await run(p.id, "setup should have failed");
  expect(done.status).toBe("failed");
  expect(done.error?.code).toBe("setup_failed");
  expect(done.error?.message).toMatch(/^The setup script exited with code 3, so the agent did not start\. The worktree is kept/);
  expect(done.error?.message).toContain("npm ERR! missing script: ci");
  expect(agentAsked("setup should have failed")).toBe(false);
  expect(done.worktree).toMatchObject({ state: "present" });
  expect(existsSync(path.join(done.worktree!.path, "config", "app.local.json"))).toBe(true);
});

test("a hanging setup script is stopped at the project's limit, with what it started", async () => {
  const p = await project("hangs", { checkTimeoutSeconds: 1, setupScript: "echo started; sleep 60 & echo $! > sleeper.pid; wait" });
  const started = Date.now();
  const done = await run(p.id, "setup should have hung");
  expect(Date.now() - started).toBeLessThan(15_000);
  expect(done.error?.code).toBe("setup_failed");
  expect(done.error?.message).toMatch(/^The setup script did not finish within its limit of 1 s and was stopped/);
  expect(agentAsked("setup should have hung")).toBe(false);
  const sleeper = Number(readFileSync(path.join(done.worktree!.path, "sleeper.pid"), "utf8"));
  await waitFor(() => !alive(sleeper) || undefined, "the script's background sleep is killed", 5_000);
});

test("a Cancel while the setup script runs stops it at once; the agent never starts", async () => {
  const p = await project("slow", { setupScript: "echo installing; sleep 60" });
  const created = await api.create({ issueId, prompt: "setup should have been cancelled", projectId: p.id });
  await waitFor(async () => (await entries(created.body.id)).some((e) => e.type === "text" && e.text === "installing"), "the setup script's first line");
  const started = Date.now();
  expect((await api.cancel(created.body.id)).status).toBeLessThan(300);
  const done = await waitForEnd(created.body.id);
  expect(Date.now() - started).toBeLessThan(10_000);
  expect(done.error).toMatchObject({
    code: "setup_failed",
    message: expect.stringMatching(/^The setup script was stopped: the run was cancelled, so the agent did not start/),
  });
  expect(agentAsked("setup should have been cancelled")).toBe(false);
});

test("the cleanup script runs in each worktree before it is removed; a failing one is said and the removal goes on", async () => {
  const marker = path.join(suite.h.tmp, "cleaned.txt");
  const p = await project("tidy", { copyFiles: [".env"], cleanupScript: `pwd >> '${marker}'; test -f .env && echo "env was there" >> '${marker}'` });
  const first = await run(p.id, "what is in the worktree");
  await prisma.session.update({ where: { id: first.managedSessionId! }, data: { archived: true } });
  const cleaned = await cleanupWorktrees(p.id);
  if (!cleaned.ok) throw new Error(cleaned.error.message);
  expect(cleaned.value.removed).toEqual([
    expect.objectContaining({ path: first.worktree!.path, cleanupScript: expect.objectContaining({ status: "passed" }) }),
  ]);
  expect(readFileSync(marker, "utf8")).toBe(`${first.worktree!.path}\nenv was there\n`);
  expect(existsSync(first.worktree!.path)).toBe(false);

  await prisma.project.update({ where: { id: p.id }, data: { cleanupScript: "echo 'cannot stop the database' >&2; exit 1" } });
  const second = await run(p.id, "what is in the worktree");
  await prisma.session.update({ where: { id: second.managedSessionId! }, data: { archived: true } });
  const again = await cleanupWorktrees(p.id);
  if (!again.ok) throw new Error(again.error.message);
  expect(again.value.removed[0]!.cleanupScript).toEqual({
    status: "failed",
    exitCode: 1,
    message: "The cleanup script exited with code 1; the end of its output:\ncannot stop the database",
  });
  expect(existsSync(second.worktree!.path)).toBe(false);
});

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
