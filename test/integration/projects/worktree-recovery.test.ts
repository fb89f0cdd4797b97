import { rmSync } from "node:fs";
import { startRunnerProcess, type RunnerProcess } from "@/bench/lib/runner-process";
import type { Project } from "@/lib/projects/schema";
import { prisma } from "@/server/db";
import { repairWorktrees } from "@/server/runner/process/repair-worktrees";
import { liveGroupMembers } from "@/test/integration/agents/support/live-group-members";
import { testDatabaseUrl } from "@/test/support/db";
import { api, waitForDto, waitForEnd } from "@/test/support/executions-api";
import { type Harness, useHarness } from "@/test/support/executions-harness";
import { makeIssue } from "@/test/support/factories";
import { git } from "@/test/support/git-repo";
import { isToolResultTurn } from "@/test/support/messages-api";
import { StandIn } from "@/test/support/turn-script";
import { deferred } from "@/test/support/wait";
import { gitProject, gitStatus, scriptBashTurns, toolOutputOf } from "@/test/support/worktree-runs";

// Lines of work whose runner or worktree went away: a runner killed mid-run
// snapshots the worktree when it starts again, and a Continue of an
// execution whose worktree vanished says so and forks from its snapshot.

jest.setTimeout(120_000);

const RUNNER_ID = "killable-runner";
let h: Harness;
let standIn: StandIn;
let project: Project;
let issueId: string;
let runnerProcess: RunnerProcess | null = null;
let agentGroup: number | null = null;

const harness = useHarness();
beforeAll(async () => {
  h = harness.h;
  standIn = new StandIn(h.api);
  scriptBashTurns(standIn, {
    "write plan.txt = original": "printf 'original\\n' > plan.txt",
    "what does plan.txt say": "cat plan.txt",
  });
  project = await gitProject(h.projects, "app");
  issueId = (await makeIssue({ projectId: project.id })).id;
});
afterAll(async () => {
  if (runnerProcess) process.kill(runnerProcess.pid, "SIGKILL");
  if (agentGroup && liveGroupMembers(agentGroup).length > 0) process.kill(-agentGroup, "SIGKILL");
});

test("a runner killed mid-run: its restart marks the run interrupted and snapshots what the agent had written", async () => {
  runnerProcess = await startRunnerProcess({ databaseUrl: testDatabaseUrl(), runnerId: RUNNER_ID, env: {} });
  const wrote = deferred();
  // The tool's output is the next request's turn text: the model then never answers.
  standIn.on("write, then think forever", () => ({
    kind: "tool_use",
    calls: [{ name: "Bash", input: { command: "printf 'half done\\n' > progress.txt && echo progress-written" } }],
  }));
  standIn.on("progress-written", (request) => {
    expect(isToolResultTurn(request)).toBe(true);
    wrote.resolve();
    return { kind: "hang", text: "thinking…" };
  });
  const created = await api.create({ issueId, prompt: "write, then think forever" });
  await wrote.promise;
  const running = await waitForDto(created.body.id, (e) => e.status === "running" && e.worktree !== null, "the run on the child runner");
  expect(running.runnerId).toBe(RUNNER_ID);
  agentGroup = (await prisma.execution.findUniqueOrThrow({ where: { id: running.id } })).processGroupId;

  process.kill(runnerProcess.pid, "SIGKILL");
  await runnerProcess.exited;
  runnerProcess = null;
  expect((await api.get(running.id)).body.worktree?.snapshotSha).toBeNull();

  await h.startRunner({ runnerId: RUNNER_ID });
  const recovered = (await api.get(running.id)).body;
  expect(recovered).toMatchObject({ status: "interrupted", error: { code: "runner_lost" } });
  const wt = recovered.worktree!;
  expect(wt.snapshotSha).toEqual(expect.any(String));
  expect(wt.snapshotSha).not.toBe(wt.startSha);
  expect(git(project.path, "show", `${wt.snapshotSha}:progress.txt`)).toBe("half done");
  expect(git(project.path, "rev-parse", `refs/arbor/snapshots/${running.id}`)).toBe(wt.snapshotSha);
  expect(wt.changes).toEqual({ files: 1, additions: 1, deletions: 0 });
  expect(gitStatus(wt.path)).toBe("");
});

test("a cancelled run is snapshotted too, with what it had written", async () => {
  const wrote = deferred();
  standIn.on("write, then wait to be cancelled", () => ({
    kind: "tool_use",
    calls: [{ name: "Bash", input: { command: "printf 'partial\\n' > draft.txt && echo draft-written" } }],
  }));
  standIn.on("draft-written", () => {
    wrote.resolve();
    return { kind: "hang", text: "thinking…" };
  });
  const created = await api.create({ issueId, prompt: "write, then wait to be cancelled" });
  await wrote.promise;
  await waitForDto(created.body.id, (e) => e.status === "running" && e.worktree !== null, "the run");
  expect((await api.cancel(created.body.id)).status).toBe(200);
  const cancelled = await waitForEnd(created.body.id);
  expect(cancelled.status).toBe("cancelled");
  expect(cancelled.worktree!.snapshotSha).not.toBe(cancelled.worktree!.startSha);
  expect(git(project.path, "show", `${cancelled.worktree!.snapshotSha}:draft.txt`)).toBe("partial");
  expect(cancelled.worktree!.changes).toEqual({ files: 1, additions: 1, deletions: 0 });
});

test("a Continue of an execution whose worktree vanished says so and forks from its snapshot in a fresh worktree", async () => {
  const original = await waitForEnd((await api.create({ issueId, prompt: "write plan.txt = original" })).body.id);
  expect(original.status).toBe("completed");
  rmSync(original.worktree!.path, { recursive: true, force: true });

  // The runner finds it gone right before the launch.
  const first = await waitForEnd((await api.continue(original.id, "what does plan.txt say")).body.id);
  expect(first).toMatchObject({
    status: "completed",
    parentExecutionId: null,
    forkedFromExecutionId: original.id,
    forkSessionId: original.sessionId,
    resume: { decision: "fork", reason: "worktree_gone" },
  });
  expect(first.resume!.message).toMatch(
    /^The worktree of this line of work vanished from disk\. So this turn forks the conversation instead of continuing it, and starts from its snapshot/,
  );
  expect(first.sessionId).not.toBe(original.sessionId);
  expect(first.worktree).toMatchObject({ state: "present", startSha: original.worktree!.snapshotSha });
  expect(first.worktree!.path).not.toBe(original.worktree!.path);
  expect(toolOutputOf(standIn, "what does plan.txt say")).toContain("original");
  expect((await api.get(original.id)).body.worktree?.state).toBe("missing");

  // Known up front now: the 201 already says how the turn will run.
  const second = await api.continue(original.id, "what does plan.txt say, again");
  expect(second.status).toBe(201);
  expect(second.body).toMatchObject({ forkedFromExecutionId: original.id, parentExecutionId: null, resume: { decision: "fork", reason: "worktree_gone" } });
  expect((await waitForEnd(second.body.id)).status).toBe("completed");
});

test("startup repair marks vanished worktrees missing and prunes git's records of them", async () => {
  const run = await waitForEnd((await api.create({ issueId, prompt: "write plan.txt = original" })).body.id);
  const row = await prisma.execution.findUniqueOrThrow({ where: { id: run.id } });
  rmSync(run.worktree!.path, { recursive: true, force: true });
  expect(git(project.path, "worktree", "list")).toContain(run.worktree!.path);
  const repaired = await repairWorktrees(row.runnerId!);
  expect(repaired.missing).toBeGreaterThanOrEqual(1);
  expect((await api.get(run.id)).body.worktree?.state).toBe("missing");
  expect(git(project.path, "worktree", "list")).not.toContain(run.worktree!.path);
  // The branch and the snapshot stay.
  expect(git(project.path, "rev-parse", run.worktree!.branch!)).toBe(run.worktree!.snapshotSha);
});
