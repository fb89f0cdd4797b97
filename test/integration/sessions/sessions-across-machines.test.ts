import { existsSync, readdirSync, rmSync } from "node:fs";
import path from "node:path";
import { GET as insightsRoute } from "@/app/api/insights/route";
import { GET as projectRoute } from "@/app/api/projects/[id]/route";
import type { InsightsDto } from "@/lib/insights/schema";
import type { Project, ProjectDetail } from "@/lib/projects/schema";
import { prisma } from "@/server/db";
import type { RunnerHandle } from "@/server/runner/process/run-runner";
import { send } from "@/test/support/api";
import { api, waitForEnd } from "@/test/support/executions-api";
import { type Harness, useHarness } from "@/test/support/executions-harness";
import { makeIssue } from "@/test/support/factories";
import { StandIn, historyText } from "@/test/support/turn-script";
import { waitFor } from "@/test/support/wait";
import { gitProject, scriptBashTurns, toolOutputOf } from "@/test/support/worktree-runs";

// Sessions that outlive their machine (issue 24), with the real Claude Code
// CLI and git: runners as separate machines (each its own Claude config dir,
// data directory and workspace) over one database. A session runs on A; A is
// stopped and its disk wiped; a Continue goes to B, which restores Claude's
// transcript from PostgreSQL and the line's files from its snapshot and
// resumes the same session natively. Also: a Fork on B from A's first turn,
// a transcript the CLI deleted (its retention) restored, and two live
// runners racing for one session's turns.

jest.setTimeout(180_000);

let h: Harness;
let standIn: StandIn;
let project: Project;
let issueId: string;
const runners = new Map<string, RunnerHandle>();

/** A runner as a machine of its own: its Claude config, data directory and workspace under tmp/<id>. */
const machine = (id: string) => {
  const home = path.join(h.tmp, `machine-${id}`);
  return {
    home,
    claude: path.join(home, "claude"),
    env: { CLAUDE_CONFIG_DIR: path.join(home, "claude"), ARBOR_DATA_DIR: path.join(home, "data"), ARBOR_WORKSPACE: path.join(home, "workspace") },
  };
};
const start = async (id: string) => runners.set(id, await h.startRunner({ runnerId: id, env: machine(id).env }));
const stop = async (id: string) => {
  await runners.get(id)?.stop();
  runners.delete(id);
};
const transcripts = (id: string, sessionId: string) => {
  const projects = path.join(machine(id).claude, "projects");
  if (!existsSync(projects)) return [];
  return readdirSync(projects).filter((dir) => existsSync(path.join(projects, dir, `${sessionId}.jsonl`)));
};

const harness = useHarness();
beforeAll(async () => {
  h = harness.h;
  standIn = new StandIn(h.api);
  scriptBashTurns(standIn, {
    "write plan.txt on machine a": "printf 'written on a\\n' > plan.txt && echo wrote",
    "what does plan.txt say on b": "cat plan.txt",
  });
  project = await gitProject(h.projects, "travel");
  issueId = (await makeIssue({ projectId: project.id })).id;
});
afterAll(async () => {
  for (const id of [...runners.keys()]) await stop(id);
});

test("machine A is lost: a Continue on B resumes the same session natively, with A's files", async () => {
  await start("machine-a");
  const first = (await api.create({ issueId, prompt: "write plan.txt on machine a" })).body;
  const ran = await waitForEnd(first.id);
  expect(ran).toMatchObject({ status: "completed", runnerId: "machine-a" });
  const sessionId = ran.sessionId!;
  // Stored after the turn (beside its check, before its job lets the session's next turn start): the transcript.
  const states = await waitFor(async () => {
    const rows = await prisma.sessionState.findMany({ where: { agentSessionId: sessionId } });
    return rows.length > 0 ? rows : undefined;
  }, "the session state stored");
  expect(states).toHaveLength(1);
  expect(states[0]).toMatchObject({ agent: "claude", executionId: first.id, projectId: project.id, runnerId: "machine-a" });
  expect(Number(states[0].size)).toBeGreaterThan(0);

  // A is gone, with its disk: Claude's transcript and the line's worktree.
  await stop("machine-a");
  rmSync(machine("machine-a").home, { recursive: true, force: true });
  expect(existsSync(ran.worktree!.path)).toBe(false);

  // No live runner has Claude: the Continue is refused, naming the agent.
  const refused = await api.continue(first.id, "nobody to take this");
  expect(refused.status).toBe(409);
  expect(refused.body).toMatchObject({ error: { message: expect.stringMatching(/offline, and no other live runner has Claude Code/) } });

  await start("machine-b");
  const cont = await api.continue(first.id, "what does plan.txt say on b");
  expect(cont.status).toBe(201);
  // Not pinned to the lost runner: queued for a live runner with the agent.
  expect(cont.body).toMatchObject({ runnerId: "machine-b", parentExecutionId: first.id });
  const resumed = await waitForEnd(cont.body.id);
  expect(resumed).toMatchObject({
    status: "completed",
    runnerId: "machine-b",
    sessionId,
    resume: { decision: "resume", reason: "resumable" },
    telemetry: { sessionResumed: true },
    stateRestore: { files: 1, fromRunnerId: "machine-a", fromExecutionId: first.id },
  });
  // The model saw the earlier turn (the resumed session, not a transcript prompt), and the worktree on B holds A's file.
  const request = standIn.requestsFor("what does plan.txt say on b")[0]!;
  expect(historyText(request)).toContain("write plan.txt on machine a");
  expect(historyText(request)).not.toContain("<conversation");
  expect(toolOutputOf(standIn, "what does plan.txt say on b")).toContain("written on a");
  expect(resumed.worktree!.path.startsWith(machine("machine-b").home)).toBe(true);
  expect(transcripts("machine-b", sessionId).length).toBeGreaterThan(0);
  // B's turn stored a new version; its new tail is all it added.
  const versions = await waitFor(async () => {
    const rows = await prisma.sessionState.findMany({ where: { agentSessionId: sessionId }, orderBy: { createdAt: "asc" } });
    return rows.length > 1 ? rows : undefined;
  }, "B's version stored");
  expect(versions.map((v) => v.runnerId)).toEqual(["machine-a", "machine-b"]);
});

test("a Fork on B from A's first turn starts from its point in the conversation", async () => {
  const [first] = await prisma.execution.findMany({ where: { issueId, runnerId: "machine-a" }, orderBy: { createdAt: "asc" } });
  standIn.on("fork on b from the first turn", () => ({ kind: "text", text: "forked." }));
  const fork = await api.fork(first!.id, "fork on b from the first turn");
  expect(fork.status).toBe(201);
  const ended = await waitForEnd(fork.body.id);
  expect(ended).toMatchObject({ status: "completed", runnerId: "machine-b", forkedFromExecutionId: first!.id, resume: { decision: "fork" } });
  expect(ended.sessionId).not.toBe(first!.sessionId);
  const history = historyText(standIn.requestFor("fork on b from the first turn"));
  expect(history).toContain("write plan.txt on machine a");
  // Forked at A's turn: the Continue that came after it on B is not in this line.
  expect(history).not.toContain("what does plan.txt say on b");
});

test("the CLI deleted the transcript (its retention): Arbor's copy is restored and the session resumed", async () => {
  const head = await prisma.execution.findFirstOrThrow({ where: { issueId, parentExecutionId: { not: null } }, orderBy: { createdAt: "desc" } });
  const sessionId = head.sessionId!;
  const projects = path.join(machine("machine-b").claude, "projects");
  for (const dir of transcripts("machine-b", sessionId)) rmSync(path.join(projects, dir, `${sessionId}.jsonl`));
  expect(transcripts("machine-b", sessionId)).toEqual([]);
  standIn.on("after the clean-up", () => ({ kind: "text", text: "still here." }));
  const cont = await api.continue(head.id, "after the clean-up");
  expect(cont.body.runnerId).toBe("machine-b");
  const resumed = await waitForEnd(cont.body.id);
  expect(resumed).toMatchObject({ status: "completed", sessionId, resume: { decision: "resume" }, stateRestore: { files: 1, fromRunnerId: "machine-b" } });
  const history = historyText(standIn.requestFor("after the clean-up"));
  expect(history).toContain("write plan.txt on machine a");
  expect(history).toContain("what does plan.txt say on b");

  // What is kept shows on the project and in Insights, with the turns that resumed from Arbor's copy.
  const detail = await send<ProjectDetail>(projectRoute, { id: project.id, path: `/api/projects/${project.id}` });
  expect(detail.body.sessionState).toMatchObject({ sessions: 2, versions: expect.any(Number) });
  expect(detail.body.sessionState.storedBytes).toBeGreaterThan(0);
  const insights = await send<InsightsDto>(insightsRoute, { path: `/api/insights?project=${project.id}` });
  // The Continue on B, the Fork on B (its new worktree's place was empty), and this one.
  expect(insights.body.sessionState).toMatchObject({ sessions: 2, restoredTurns: 3 });
});

test("two live runners and a session whose runner is gone: one takes each turn, never two at once", async () => {
  const head = await prisma.execution.findFirstOrThrow({ where: { issueId, parentExecutionId: { not: null } }, orderBy: { createdAt: "desc" } });
  await stop("machine-b");
  await start("machine-c");
  await start("machine-d");
  standIn.on("race one", () => ({ kind: "text", text: "one." }));
  standIn.on("race two", () => ({ kind: "text", text: "two." }));
  // The second turn is asked while the first is queued or running: it waits in the session's queue, whichever runner takes it.
  const one = await api.continue(head.id, "race one");
  const two = await api.continue(one.body.id, "race two");
  expect([one.status, two.status]).toEqual([201, 201]);
  const [a, b] = [await waitForEnd(one.body.id), await waitForEnd(two.body.id)];
  expect(a).toMatchObject({ status: "completed", sessionId: head.sessionId, resume: { decision: "resume" } });
  expect(b).toMatchObject({ status: "completed", sessionId: head.sessionId });
  expect(["machine-c", "machine-d"]).toContain(a.runnerId);
  expect(["machine-c", "machine-d"]).toContain(b.runnerId);
  // One after the other in the session's queue: the second saw the first.
  expect(new Date(b.startedAt!).getTime()).toBeGreaterThanOrEqual(new Date(a.finishedAt!).getTime());
  expect(historyText(standIn.requestFor("race two"))).toContain("race one");
});
