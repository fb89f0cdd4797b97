import { existsSync } from "node:fs";
import path from "node:path";
import * as compareRoute from "@/app/api/compare/diff/route";
import * as diffRoute from "@/app/api/executions/[id]/diff/route";
import type { ExecutionDto } from "@/lib/executions/schema";
import type { Project } from "@/lib/projects/schema";
import { prisma } from "@/server/db";
import { checkTranscript } from "@/server/sessions/check-transcript";
import { api, waitForEnd } from "@/test/support/executions-api";
import { useRunningHarness } from "@/test/support/executions-harness";
import { makeIssue } from "@/test/support/factories";
import { git } from "@/test/support/git-repo";
import { callRoute } from "@/test/support/route-call";
import { historyText, transcriptPath } from "@/test/support/turn-script";
import { deferred } from "@/test/support/wait";
import { bashTurn, gitProject, gitStatus, readIn, scriptBashTurns, toolOutputOf } from "@/test/support/worktree-runs";

// The issue's scenario with the real Claude CLI, real git and the runner: a
// run writes plan.txt, a Fork rewrites it, and each line of work keeps its
// own files; the conversation and the files branch at the same point.

jest.setTimeout(120_000);

const suite = useRunningHarness({
  script: (standIn) =>
    scriptBashTurns(standIn, {
      "write plan.txt = original": "printf 'original\\n' > plan.txt",
      "rewrite plan.txt = alternative": "printf 'alternative\\n' > plan.txt",
      "what does plan.txt say": "cat plan.txt",
      "append a step": "printf 'step 2\\n' >> plan.txt",
      "what does plan.txt say now": "cat plan.txt",
    }),
});

let project: Project;
let issueId: string;
let mainHead: string;
beforeAll(async () => {
  project = await gitProject(suite.h.projects, "app", { "README.md": "# app\n" });
  issueId = (await makeIssue({ title: "Plan", projectId: project.id })).id;
  mainHead = git(project.path, "rev-parse", "main");
});

async function ran(created: { status: number; body: ExecutionDto }): Promise<ExecutionDto> {
  expect(created.status).toBe(201);
  const done = await waitForEnd(created.body.id);
  expect(done).toMatchObject({ status: "completed", error: null });
  return done;
}

const diff = (id: string) => callRoute(diffRoute.GET, { url: `/api/executions/${id}/diff`, params: { id } });
const compare = (a: string, b: string) => callRoute(compareRoute.GET, { url: `/api/compare/diff?a=${a}&b=${b}` });

test("run, fork, continue: the original keeps 'original', the fork has 'alternative', a Continue of the original sees 'original'", async () => {
  const original = await ran(await api.create({ issueId, prompt: "write plan.txt = original" }));
  expect(original.projectId).toBe(project.id);
  const wt = original.worktree!;
  expect(wt).toMatchObject({ branch: `arbor/${issueId}/${original.id.replace(/-/g, "").slice(0, 8)}`, state: "present", startSha: mainHead });
  expect(original.cwd).toBe(wt.path);
  expect(wt.path.startsWith(path.join(suite.h.tmp, "data", "worktrees", project.id) + path.sep) || wt.path.includes(`/worktrees/${project.id}/`)).toBe(true);
  expect(readIn(wt.path, "plan.txt")).toBe("original\n");
  // The snapshot is a commit on the branch with the whole state; the worktree reads clean.
  expect(wt.snapshotSha).not.toBe(mainHead);
  expect(git(project.path, "rev-parse", wt.branch!)).toBe(wt.snapshotSha);
  expect(git(project.path, "rev-parse", `refs/arbor/snapshots/${original.id}`)).toBe(wt.snapshotSha);
  expect(git(project.path, "show", `${wt.snapshotSha}:plan.txt`)).toBe("original");
  expect(gitStatus(wt.path)).toBe("");
  expect(wt.changes).toEqual({ files: 1, additions: 1, deletions: 0 });
  // The main checkout is never touched.
  expect(existsSync(path.join(project.path, "plan.txt"))).toBe(false);
  expect(gitStatus(project.path)).toBe("");
  expect(git(project.path, "rev-parse", "main")).toBe(mainHead);

  const fork = await ran(await api.fork(original.id, "rewrite plan.txt = alternative"));
  expect(fork).toMatchObject({ forkedFromExecutionId: original.id, sessionConfirmed: true, projectId: project.id });
  expect(fork.worktree!.path).not.toBe(wt.path);
  expect(fork.worktree!.startSha).toBe(wt.snapshotSha);
  expect(readIn(fork.worktree!.path, "plan.txt")).toBe("alternative\n");
  expect(readIn(wt.path, "plan.txt")).toBe("original\n");
  // The forked session was resumed from the new directory: the model got the original's conversation.
  const forkRequest = suite.standIn.requestsFor("rewrite plan.txt = alternative")[0]!;
  expect(historyText(forkRequest)).toContain("user: write plan.txt = original");
  expect(fork.telemetry.sessionResumed).toBe(true);
  // Transcripts: the original's stays filed under its own worktree, the fork's under the fork's; the health stat finds both.
  const configDir = path.join(suite.h.tmp, "claude-config");
  expect(existsSync(transcriptPath(configDir, wt.path, original.sessionId!))).toBe(true);
  expect(existsSync(transcriptPath(configDir, fork.worktree!.path, fork.sessionId!))).toBe(true);
  expect(await checkTranscript("claude", { sessionId: original.sessionId!, cwd: fork.worktree!.path }, suite.h.env)).toMatchObject({ state: "available" });

  const again = await ran(await api.continue(original.id, "what does plan.txt say"));
  expect(again).toMatchObject({ parentExecutionId: original.id, sessionId: original.sessionId, cwd: wt.path });
  expect(again.worktree).toMatchObject({
    path: wt.path,
    branch: wt.branch,
    startSha: wt.snapshotSha,
    snapshotSha: wt.snapshotSha,
    changes: { files: 0, additions: 0, deletions: 0 },
  });
  expect(toolOutputOf(suite.standIn, "what does plan.txt say")).toContain("original");
  expect(toolOutputOf(suite.standIn, "what does plan.txt say")).not.toContain("alternative");

  const forkDiff = await diff(fork.id);
  expect(forkDiff.status).toBe(200);
  expect(forkDiff.body).toMatchObject({
    from: wt.snapshotSha,
    to: fork.worktree!.snapshotSha,
    files: [{ path: "plan.txt", status: "modified", additions: 1, deletions: 1 }],
  });
  expect(forkDiff.body.patch).toContain("-original\n+alternative");
  const between = await compare(original.id, fork.id);
  expect(between.status).toBe(200);
  expect(between.body.patch).toContain("-original\n+alternative");

  // The tree's nodes carry what each execution changed.
  const tree = await api.sessionTree(issueId);
  const root = tree.body.roots.find((r) => r.id === original.id)!;
  expect(root.worktree?.changes).toEqual({ files: 1, additions: 1, deletions: 0 });
  expect(root.children.find((c) => c.id === fork.id)?.worktree?.changes).toEqual({ files: 1, additions: 1, deletions: 1 });
  expect(gitStatus(project.path)).toBe("");
});

test("a Continue of a turn the session moved past forks at that point: its files start from that turn's snapshot", async () => {
  const first = await ran(await api.create({ issueId, prompt: "write plan.txt = original" }));
  const second = await ran(await api.continue(first.id, "append a step"));
  expect(readIn(second.worktree!.path, "plan.txt")).toBe("original\nstep 2\n");
  const late = await ran(await api.continue(first.id, "what does plan.txt say now"));
  expect(late).toMatchObject({ forkedFromExecutionId: first.id, parentExecutionId: null });
  expect(late.resumeAtMessageId).not.toBeNull();
  expect(late.worktree!.path).not.toBe(first.worktree!.path);
  expect(late.worktree!.startSha).toBe(first.worktree!.snapshotSha);
  expect(toolOutputOf(suite.standIn, "what does plan.txt say now")).not.toContain("step 2");
  expect(readIn(first.worktree!.path, "plan.txt")).toBe("original\nstep 2\n");
});

test("two forks of one session run at the same time without touching each other's files", async () => {
  const original = await ran(await api.create({ issueId, prompt: "write plan.txt = original" }));
  // Each fork's first model call waits until both are running, so their agents overlap.
  const both = [deferred(), deferred()];
  const forks = ["fork A", "fork B"];
  forks.forEach((name, i) => {
    const turn = bashTurn(`printf '${name}\\n' > plan.txt && printf '${name}\\n' > ${name.replace(" ", "-")}.txt`);
    suite.standIn.on(`concurrent ${name}`, async (request) => {
      both[i]!.resolve();
      await Promise.all(both.map((d) => d.promise));
      return turn(request);
    });
  });
  const created = await Promise.all(forks.map((name) => api.fork(original.id, `concurrent ${name}`)));
  const [a, b] = await Promise.all(created.map((c) => ran(c)));
  const overlap = Math.min(Date.parse(a.finishedAt!), Date.parse(b.finishedAt!)) - Math.max(Date.parse(a.startedAt!), Date.parse(b.startedAt!));
  expect(overlap).toBeGreaterThan(0);
  expect(readIn(a.worktree!.path, "plan.txt")).toBe("fork A\n");
  expect(readIn(b.worktree!.path, "plan.txt")).toBe("fork B\n");
  expect(existsSync(path.join(a.worktree!.path, "fork-B.txt"))).toBe(false);
  expect(existsSync(path.join(b.worktree!.path, "fork-A.txt"))).toBe(false);
  expect(readIn(original.worktree!.path, "plan.txt")).toBe("original\n");
  expect(a.worktree!.startSha).toBe(original.worktree!.snapshotSha);
  expect(b.worktree!.startSha).toBe(original.worktree!.snapshotSha);
  const between = await compare(a.id, b.id);
  expect(between.body.files.map((f: { path: string }) => f.path).sort()).toEqual(["fork-A.txt", "fork-B.txt", "plan.txt"]);
  const rows = await prisma.execution.findMany({ where: { id: { in: [a.id, b.id] } } });
  expect(new Set(rows.map((r) => r.worktreeBranch)).size).toBe(2);
  expect(gitStatus(project.path)).toBe("");
});
