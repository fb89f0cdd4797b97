import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import * as projectRoute from "@/app/api/projects/[id]/route";
import type { ExecutionDto } from "@/lib/executions/schema";
import type { Project } from "@/lib/projects/schema";
import { prisma } from "@/server/db";
import { createProject } from "@/server/projects/create-project";
import { api, waitForDto, waitForEnd } from "@/test/support/executions-api";
import { useRunningHarness } from "@/test/support/executions-harness";
import { makeIssue } from "@/test/support/factories";
import { commitAll, git, writeFiles } from "@/test/support/git-repo";
import { armHooks, inertGit, Markers } from "@/test/support/hostile-repo";
import { callRoute } from "@/test/support/route-call";
import { scriptBashTurns, toolOutputOf } from "@/test/support/worktree-runs";

// The agent may only edit files in its worktree (the real Claude Code CLI
// under Arbor's default permissions, its tools run for real): nothing it
// writes there — a hook under a relative core.hooksPath, a rewritten `.git`
// pointer, a git dir of its own — makes Arbor's git work at the end of a
// turn, a Continue or a Fork run code, or write outside the line's worktree.

jest.setTimeout(120_000);

const suite = useRunningHarness();
let markers: Markers;
let project: Project;
let issueId: string;

beforeAll(async () => {
  markers = new Markers(suite.h.tmp);
  const repo = path.join(suite.h.projects, "armed");
  mkdirSync(repo, { recursive: true });
  git(repo, "init", "--quiet", "--initial-branch=main");
  writeFiles(repo, { "README.md": "# armed\n" });
  commitAll(repo, "initial commit");
  armHooks(repo, markers);
  const created = await createProject({ path: repo });
  if (!created.ok) throw new Error(created.error.message);
  project = created.value;
  issueId = (await makeIssue({ title: "Hostile agent", projectId: project.id })).id;
  scriptBashTurns(suite.standIn, {
    "rewrite the reference-transaction hook": `echo 'touch ${markers.dir}/PWNED' > .githooks/reference-transaction`,
    "read the hook": "cat .githooks/reference-transaction",
    "write on the fork": "echo fork > fork.txt",
  });
});

beforeEach(() => markers.clear());

const ended = async (created: { status: number; body: ExecutionDto }) => {
  expect(created.status).toBe(201);
  const done = await waitForEnd(created.body.id);
  expect(done).toMatchObject({ status: "completed" });
  return done;
};

/** A turn held at the model while `tamper` changes its worktree, as another agent's tools could. */
async function tamperedTurn(prompt: string, tamper: (worktree: string, startSha: string) => void): Promise<ExecutionDto> {
  const hold = suite.standIn.hold(prompt);
  const created = await api.create({ issueId, prompt });
  await hold.arrived;
  const running = await waitForDto(created.body.id, (e) => e.worktree !== null, "its worktree");
  writeFiles(running.worktree!.path, { "agent.txt": "written in the turn\n" });
  tamper(running.worktree!.path, running.worktree!.startSha!);
  hold.release();
  return waitForEnd(created.body.id);
}

test("problem 1: a hook the agent rewrites under a relative core.hooksPath never runs: not at the end of its turn, a Continue, or a Fork", async () => {
  const run = await ended(await api.create({ issueId, prompt: "rewrite the reference-transaction hook" }));
  const again = await ended(await api.continue(run.id, "read the hook"));
  expect(toolOutputOf(suite.standIn, "read the hook")).toContain(`touch ${markers.dir}/PWNED`);
  const fork = await ended(await api.fork(run.id, "write on the fork"));
  expect(markers.fired()).toEqual([]);
  // The agent's edit is just a file of its line of work.
  expect(inertGit(project.path, "show", `${run.worktree!.snapshotSha}:.githooks/reference-transaction`)).toBe(`touch ${markers.dir}/PWNED`);
  expect(again.worktree!.path).toBe(run.worktree!.path);
  expect(inertGit(project.path, "show", `${fork.worktree!.snapshotSha}:fork.txt`)).toBe("fork");
  expect(inertGit(project.path, "status", "--porcelain")).toBe("");
});

test("problem 2: a .git pointer rewritten during a turn to the main checkout's repository: nothing of the person's moves; refused, the line keeps its last good state", async () => {
  inertGit(project.path, "reset", "--quiet", "--hard");
  writeFiles(project.path, { "staged.txt": "the person's staged work\n" });
  inertGit(project.path, "add", "staged.txt");
  const main = inertGit(project.path, "rev-parse", "refs/heads/main");
  const done = await tamperedTurn("hold: point .git at the main checkout", (wt) => writeFileSync(path.join(wt, ".git"), `gitdir: ${project.path}/.git\n`));
  expect(done.status).toBe("completed");
  expect(inertGit(project.path, "rev-parse", "refs/heads/main")).toBe(main);
  expect(inertGit(project.path, "status", "--porcelain")).toBe("A  staged.txt");
  expect(done.worktree).toMatchObject({ snapshotSha: done.worktree!.startSha, changes: { files: 0 } });
  const row = await prisma.execution.findUniqueOrThrow({ where: { id: done.id } });
  expect(row.worktreeProblem).toMatch(/\.git/);
  const page = await callRoute(projectRoute.GET, { url: `/api/projects/${project.id}`, params: { id: project.id } });
  expect(page.body.worktrees.find((w: { path: string }) => w.path === done.worktree!.path).problem).toBe(row.worktreeProblem);

  // A Continue goes on from the last good state, in a worktree of its own.
  const next = await ended(await api.continue(done.id, "read the hook"));
  expect(next.worktree!.path).not.toBe(done.worktree!.path);
  expect(next.worktree!.startSha).toBe(done.worktree!.startSha);
  expect(markers.fired()).toEqual([]);
  inertGit(project.path, "reset", "--quiet");
});

test("problem 2: a git dir of the agent's own with core.fsmonitor and a clean filter runs neither", async () => {
  const done = await tamperedTurn("hold: a git dir of its own", (wt, startSha) => {
    // Plain text files: a detached HEAD at the line's start, the project's objects borrowed.
    const own = path.join(wt, "own-git");
    for (const dir of ["objects/info", "refs/heads"]) mkdirSync(path.join(own, dir), { recursive: true });
    writeFileSync(path.join(own, "HEAD"), `${startSha}\n`);
    writeFileSync(path.join(own, "objects", "info", "alternates"), `${project.path}/.git/objects\n`);
    writeFileSync(
      path.join(own, "config"),
      `[core]\n\trepositoryformatversion = 0\n\tbare = false\n\tfsmonitor = ${markers.script("own-fsmonitor", "exit 1")}\n` +
        `[filter "own"]\n\tclean = ${markers.script("own-clean", "cat")}\n`,
    );
    writeFileSync(path.join(wt, ".gitattributes"), "* filter=own\n");
    writeFileSync(path.join(wt, ".git"), "gitdir: own-git\n");
  });
  expect(done.status).toBe("completed");
  expect(markers.fired()).toEqual([]);
  expect(done.worktree).toMatchObject({ snapshotSha: done.worktree!.startSha });
});
