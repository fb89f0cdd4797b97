import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { POST as mcpRoute } from "@/app/api/mcp/route";
import { prisma } from "@/server/db";
import { listRunners } from "@/server/runners/list-runners";
import { api, completed, waitForEnd } from "@/test/support/executions-api";
import { useRestartableRunner } from "@/test/support/executions-harness";
import { makeIssue } from "@/test/support/factories";
import { startRouteServer } from "@/test/support/route-server";
import { transcriptPath } from "@/test/support/turn-script";
import { waitFor } from "@/test/support/wait";
import { bashTurn, gitProject, readIn } from "@/test/support/worktree-runs";

// Pre-started agents (issue 28, server/runner/warm/prestart-pool.ts) with the
// real Claude Code CLI against the Messages-API stand-in: after a new run of
// a project, the runner starts the next one's agent in a worktree of the
// base, waiting for its first message; the next new run of that project
// takes it (its session id is the one minted for the process) and the
// process is used once. A run whose launch differs never takes it; a
// process that died is replaced, never handed out; a cancelled claim and the
// runner's stop leave no process and no worktree behind.

jest.setTimeout(180_000);

const suite = useRestartableRunner({ ARBOR_WARM_SESSIONS: "1", ARBOR_WARM_IDLE_SECONDS: "120" });
const prestarting = (env: Record<string, string> = {}) => suite.runnerWith(env, { prestart: true, prestartDelayMs: 50 });

type Row = { sessionId: string; cwd: string; pid: number };

/** The pre-started process listed for the project (other than `except`), with its pid (found by its --session-id), once it named its session. */
async function prestartedFor(projectId: string, except: string[] = []): Promise<Row> {
  return waitFor(
    async () => {
      const row = await prisma.prestartedAgent.findFirst({ where: { projectId, sessionId: { notIn: except }, sessionReportedAt: { not: null } } });
      const pid = row ? pidWithArg(row.sessionId) : null;
      return row && pid ? { sessionId: row.sessionId, cwd: row.cwd, pid } : undefined;
    },
    "a pre-started agent for the project",
    30_000,
  );
}

/** The process whose argv holds `arg`, or null. */
function pidWithArg(arg: string): number | null {
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      if (readFileSync(`/proc/${name}/cmdline`, "utf8").split("\0").includes(arg)) return Number(name);
    } catch {}
  }
  return null;
}

const alive = (pid: number) => existsSync(`/proc/${pid}`) && !/^State:\s+Z/m.test(readFileSync(`/proc/${pid}/status`, "utf8"));
const goneAway = (pid: number, what: string) => waitFor(() => !existsSync(`/proc/${pid}`) || !alive(pid), what, 15_000);

async function projectWithFirstRun(name: string, files: Record<string, string> = { "README.md": "# app\n" }) {
  const project = await gitProject(suite.h.projects, name, files);
  const issueId = (await makeIssue({ title: `Pre-started ${name}`, projectId: project.id })).id;
  const first = await completed(api.create({ issueId, prompt: `${name} first run` }));
  expect(first.launch).toMatchObject({ kind: "spawn" });
  return { project, issueId, first };
}

test("the next new run takes the pre-started process: its session id, its worktree on the run's own branch, used once", async () => {
  await prestarting();
  const { project, issueId } = await projectWithFirstRun("pre-app");
  const pooled = await prestartedFor(project.id);
  expect(pooled.cwd).toContain(`${project.id}/prestart-`);
  // The Runners page and `arbor runners` count it.
  expect((await listRunners({ id: "test-runner" }))[0]).toMatchObject({ prestarted: 1 });

  suite.standIn.on("pre write notes", bashTurn("printf 'hello\\n' > notes.txt"));
  const created = await api.create({ issueId, prompt: "pre write notes" });
  // The process named its session before the run existed: the run has it from its insert (unconfirmed until its result).
  expect(created.body).toMatchObject({ status: "queued", sessionId: pooled.sessionId, sessionConfirmed: false });
  const second = await completed(Promise.resolve(created));
  expect(second).toMatchObject({ sessionId: pooled.sessionId, sessionConfirmed: true, launch: { kind: "prestarted", pid: pooled.pid } });
  // The model saw this run's prompt in the pre-started session, and the agent worked in its worktree.
  const request = suite.standIn.requestFor("pre write notes");
  expect(request.sessionId).toBe(pooled.sessionId);
  // The priming message it took while it waited (shouldQuery false, empty content) reached the model as nothing: one
  // user message, this run's prompt last in it, and no "(no content)" block (what an empty string would have become).
  expect(request.messages.filter((message) => message.role === "user")).toHaveLength(1);
  expect(JSON.stringify(request.messages)).not.toContain("(no content)");
  const row = await prisma.execution.findUniqueOrThrow({ where: { id: second.id } });
  expect(row).toMatchObject({ worktreePath: pooled.cwd, worktreeState: "present", targetSessionId: pooled.sessionId });
  expect(row.worktreeBranch).toMatch(new RegExp(`^arbor/${issueId}/[0-9a-f]{8}$`));
  expect(readIn(pooled.cwd, "notes.txt")).toBe("hello\n");
  // The warm-up request it was sent while it waited left no trace: not in the run's log, not in the session's transcript.
  const events = await prisma.executionEvent.findMany({ where: { executionId: second.id }, select: { payload: true } });
  expect(JSON.stringify(events)).not.toContain('"categories"');
  const transcript = readFileSync(transcriptPath(path.join(suite.h.tmp, "claude-config"), pooled.cwd, pooled.sessionId), "utf8");
  const userEntries = transcript.split("\n").filter((line) => line.includes('"type":"user"'));
  expect(JSON.parse(userEntries[0]!).message.content).toBe("pre write notes");
  expect(transcript).not.toContain("get_context_usage");
  expect(execFileSync("git", ["rev-parse", "--abbrev-ref", "HEAD"], { cwd: pooled.cwd, encoding: "utf8" }).trim()).toBe(row.worktreeBranch);
  expect(row.startSha).toBe(execFileSync("git", ["rev-parse", "main"], { cwd: project.path, encoding: "utf8" }).trim());

  // Used once: another process is started for the next run, which gets that one (another session, another pid).
  const next = await prestartedFor(project.id, [pooled.sessionId]);
  expect(next.pid).not.toBe(pooled.pid);
  const third = await completed(api.create({ issueId, prompt: "pre third run" }));
  expect(third).toMatchObject({ sessionId: next.sessionId, launch: { kind: "prestarted", pid: next.pid } });
  expect((await prisma.execution.findUniqueOrThrow({ where: { id: third.id } })).worktreePath).toBe(next.cwd);

  // The first pre-started process is now the warm process of its session: a Continue is its next message.
  const continued = await completed(api.continue(second.id, "pre continue"));
  expect(continued).toMatchObject({ sessionId: pooled.sessionId, launch: { kind: "warm", pid: pooled.pid } });
});

test("a run that claims a pre-started process as it starts waits for its priming message: the turn is the run's own", async () => {
  await prestarting();
  const { project, issueId } = await projectWithFirstRun("pre-early");
  // Its row is listed before the process is spawned: claimed now, the run's message reaches a CLI still starting,
  // which takes the priming message first; the run's message is written only once that one is completed.
  const row = await waitFor(() => prisma.prestartedAgent.findFirst({ where: { projectId: project.id } }), "the pre-started agent's row", 30_000);
  const run = await completed(api.create({ issueId, prompt: "pre early claim" }));
  expect(run).toMatchObject({ sessionId: row.sessionId, sessionConfirmed: true, launch: { kind: "prestarted" } });
  expect(suite.standIn.requestFor("pre early claim").sessionId).toBe(row.sessionId);
  // Its log is this turn's: the run's prompt replayed, the model's answer, one result; nothing of the priming message.
  const events = await prisma.executionEvent.findMany({ where: { executionId: run.id }, orderBy: { seq: "asc" }, select: { payload: true } });
  const lines = events.map((event) => JSON.stringify(event.payload));
  expect(lines.filter((line) => line.includes('"type":"result"'))).toHaveLength(1);
  expect(lines.some((line) => line.includes('"content":[]'))).toBe(false);
  expect(lines.some((line) => line.includes("pre early claim"))).toBe(true);
});

test("a run whose launch differs never takes it: another model is not offered it, another policy spawns in the same session", async () => {
  await prestarting();
  const { project, issueId } = await projectWithFirstRun("pre-options");
  const pooled = await prestartedFor(project.id);

  const otherModel = await completed(api.create({ issueId, prompt: "pre other model", model: "claude-haiku-4-5" }));
  expect(otherModel.launch).toMatchObject({ kind: "spawn" });
  expect(otherModel.sessionId).not.toBe(pooled.sessionId);
  expect(alive(pooled.pid)).toBe(true);

  // Same project, agent, model and base (the web app offers it), but the run's own policy: the runner sees the launch differ.
  const planned = await completed(api.create({ issueId, prompt: "pre plan mode", permissions: { mode: "plan" } }));
  expect(planned.launch).toMatchObject({ kind: "spawn", reason: expect.stringContaining("pre-started agent process could not take the run") });
  expect(planned.sessionId).toBe(pooled.sessionId);
  expect(planned.launch!.pid).not.toBe(pooled.pid);
  await goneAway(pooled.pid, "the pre-started process to be closed");
  await waitFor(() => !existsSync(pooled.cwd), "its worktree to be removed", 10_000);
});

test("a pre-started process that died is replaced and never handed out", async () => {
  await prestarting();
  const { project, issueId } = await projectWithFirstRun("pre-died");
  const pooled = await prestartedFor(project.id);
  // Not a quick death (a broken launch would be retried in a loop): it lived a while.
  await new Promise((resolve) => setTimeout(resolve, 3_500));
  process.kill(pooled.pid, "SIGKILL");
  const replacement = await prestartedFor(project.id, [pooled.sessionId]);
  expect(replacement.pid).not.toBe(pooled.pid);
  expect(await prisma.prestartedAgent.count({ where: { sessionId: pooled.sessionId } })).toBe(0);
  const run = await completed(api.create({ issueId, prompt: "pre after death" }));
  expect(run).toMatchObject({ sessionId: replacement.sessionId, launch: { kind: "prestarted", pid: replacement.pid } });
});

test("a cancelled run that claimed one and the runner's stop leave no process, no worktree and no transcript", async () => {
  await prestarting({ ARBOR_RUNNER_CONCURRENCY: "1" });
  // A CLAUDE.md, so the priming message has context it could record in a transcript.
  const { project, issueId } = await projectWithFirstRun("pre-cancel", { "README.md": "# app\n", "CLAUDE.md": "Answer briefly.\n" });
  const pooled = await prestartedFor(project.id);
  // The runner's one slot is busy, so the run that claims the process waits in the queue; then it is cancelled.
  const busyIssue = (await makeIssue({ title: "busy" })).id;
  const held = suite.standIn.hold("pre busy slot");
  const busy = await api.create({ issueId: busyIssue, prompt: "pre busy slot" });
  await held.arrived;
  const queued = await api.create({ issueId, prompt: "pre cancelled run" });
  expect(queued.status).toBe(201);
  expect(await prisma.prestartedAgent.count({ where: { sessionId: pooled.sessionId } })).toBe(0);
  expect(queued.body.sessionId).toBe(pooled.sessionId);
  const cancelled = await api.cancel(queued.body.id);
  expect(cancelled.status).toBe(200);
  // It never ran: the session it was given is not its.
  expect(cancelled.body).toMatchObject({ status: "cancelled", sessionId: null });
  await goneAway(pooled.pid, "the claimed process to be closed");
  await waitFor(() => !existsSync(pooled.cwd), "its worktree to be removed", 10_000);
  // Nor a transcript: its priming message writes none, so a run may spawn in that session id there (the CLI refuses an id in use).
  const configDir = path.join(suite.h.tmp, "claude-config");
  await waitFor(() => !existsSync(transcriptPath(configDir, pooled.cwd, pooled.sessionId)), "no transcript of it", 10_000);
  held.release();
  await waitForEnd(busy.body.id);

  // The cancelled run never ran: the next run of the project that ends here starts another one.
  await completed(api.create({ issueId, prompt: "pre refill" }));
  const again = await prestartedFor(project.id, [pooled.sessionId]);
  await suite.runner!.stop();
  suite.runner = null;
  expect(alive(again.pid)).toBe(false);
  expect(existsSync(again.cwd)).toBe(false);
  expect(existsSync(transcriptPath(configDir, again.cwd, again.sessionId))).toBe(false);
  expect(await prisma.prestartedAgent.count({ where: { runnerId: "test-runner" } })).toBe(0);
});

test("within the warm caps: the least recently parked warm session makes room for the pre-started agent", async () => {
  await prestarting({ ARBOR_WARM_MAX: "1" });
  const { project, first } = await projectWithFirstRun("pre-cap");
  const pooled = await prestartedFor(project.id);
  // The first run's process was parked warm (the one place), then closed for the pre-started agent.
  await goneAway(first.launch!.pid!, "the warm session to be closed for room");
  expect(alive(pooled.pid)).toBe(true);
  expect((await listRunners({ id: "test-runner" }))[0]).toMatchObject({ prestarted: 1 });
});

test("with Arbor's MCP server attached, the pre-started run has Arbor's tools (the CLI connected as it started)", async () => {
  const web = await startRouteServer({ "/api/mcp": { POST: mcpRoute } });
  try {
    await prestarting({ ARBOR_MCP_URL: `${web.url}/api/mcp` });
    const { project, issueId } = await projectWithFirstRun("pre-mcp");
    const pooled = await prestartedFor(project.id);
    // Long enough for the CLI to have connected to the server as it started.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const run = await completed(api.create({ issueId, prompt: "pre with tools" }));
    expect(run).toMatchObject({ sessionId: pooled.sessionId, launch: { kind: "prestarted" } });
    const tools = suite.standIn.requestFor("pre with tools").tools as { name: string }[];
    expect(tools.map((tool) => tool.name)).toEqual(expect.arrayContaining(["mcp__arbor__search_sessions", "mcp__arbor__get_session"]));
  } finally {
    await web.close();
  }
});
