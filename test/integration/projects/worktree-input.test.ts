import { existsSync, renameSync } from "node:fs";
import path from "node:path";
import * as diffRoute from "@/app/api/executions/[id]/diff/route";
import type { Project } from "@/lib/projects/schema";
import { prisma } from "@/server/db";
import { worktreeBranchName, worktreePathFor } from "@/server/git/worktree-names";
import { expectError } from "@/test/support/api";
import { api, waitForEnd } from "@/test/support/executions-api";
import { type Harness, useHarness } from "@/test/support/executions-harness";
import { makeIssue } from "@/test/support/factories";
import { divergeBranches, git } from "@/test/support/git-repo";
import { callRoute } from "@/test/support/route-call";
import { StandIn } from "@/test/support/turn-script";
import { gitProject, gitStatus, plainProject, readIn, scriptBashTurns } from "@/test/support/worktree-runs";

// Where a run works, and what is refused before anything is made: bad input
// is a 4xx naming the problem with no row, no job, no branch and no
// worktree; a worktree the runner cannot make fails the execution and leaves
// nothing behind; a directory that is not git keeps the shared behaviour.

jest.setTimeout(120_000);

let h: Harness;
let standIn: StandIn;
let project: Project;
let issueId: string;
const harness = useHarness();
beforeAll(async () => {
  h = harness.h;
  standIn = new StandIn(h.api);
  scriptBashTurns(standIn, {
    "write plan.txt = original": "printf 'original\\n' > plan.txt",
    "rewrite plan.txt = alternative": "printf 'alternative\\n' > plan.txt",
  });
  project = await gitProject(h.projects, "app");
  issueId = (await makeIssue({ projectId: project.id })).id;
});

const worktreesDir = () => path.join(h.tmp, "data", "worktrees");

describe("refused before anything is made (no runner needed)", () => {
  afterEach(async () => {
    expect(await prisma.execution.count()).toBe(0);
    expect(await prisma.$queryRawUnsafe<unknown[]>(`SELECT 1 FROM graphile_worker.jobs`)).toHaveLength(0);
    expect(git(project.path, "branch", "--list", "arbor/*")).toBe("");
    expect(existsSync(worktreesDir())).toBe(false);
  });

  it("422 for an unknown project, a ref that does not exist, a project and a cwd at once, a ref where there is no worktree", async () => {
    const plain = await plainProject(h.projects, "plain-dir");
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ projectId: "PROJ-99" }, "projectId: Project PROJ-99 does not exist"],
      [{ projectId: "nonsense" }, 'projectId: "nonsense" is not a project id (project ids look like PROJ-1; "default" is the default workspace)'],
      [{ startRef: "no-such-branch" }, `startRef: there is no branch, tag or commit named no-such-branch in ${project.path}`],
      [{ startRef: "--exec=rm" }, `startRef: there is no branch, tag or commit named --exec=rm in ${project.path}`],
      [{ projectId: project.id, cwd: h.workspace }, "projectId: name a project or a working directory (cwd), not both"],
      [
        { projectId: plain.id, startRef: "main" },
        `startRef: ${plain.id} (${plain.path}) is not a git repository: runs there use the directory as it is, so there is no ref to start from`,
      ],
      [
        { sharedDirectory: true, startRef: "main" },
        "startRef: a shared-directory run uses the project's directory as it is: leave out either startRef or sharedDirectory",
      ],
      [
        { projectId: "default", startRef: "main" },
        expect.stringMatching(/^startRef: only a run in a registered git project starts from a ref/) as unknown as string,
      ],
      [{ sharedDirectory: "yes" }, "sharedDirectory: sharedDirectory must be true or false"],
    ];
    for (const [extra, message] of cases) {
      const response = await api.create({ issueId, prompt: "p", ...extra });
      expect([response.status, expectError(response).message]).toEqual([422, message]);
    }
  });

  it("409 for a repository in the middle of a rebase, a base branch that is gone, a directory that is gone, git missing", async () => {
    const repo = project.path;
    divergeBranches(repo);
    git(repo, "checkout", "--quiet", "side");
    expect(() => git(repo, "rebase", "main")).toThrow();
    const busy = await api.create({ issueId, prompt: "p" });
    expect(busy.status).toBe(409);
    expect(expectError(busy).message).toBe(
      `The repository of ${project.id} at ${repo} is in the middle of a rebase: finish or abort it first, then run again.`,
    );
    git(repo, "rebase", "--abort");

    git(repo, "branch", "-m", "main", "trunk");
    const noBase = await api.create({ issueId, prompt: "p" });
    expect([noBase.status, expectError(noBase).message]).toEqual([
      409,
      `The base branch main of ${project.id} no longer exists in ${repo}: choose another base branch for the project, or name a start ref.`,
    ]);
    git(repo, "branch", "-m", "trunk", "main");
    git(repo, "checkout", "--quiet", "main");

    const savedPath = process.env.PATH;
    process.env.PATH = "/nonexistent";
    try {
      const noGit = await api.create({ issueId, prompt: "p" });
      expect([noGit.status, expectError(noGit).message]).toEqual([409, expect.stringMatching(/^git was not found on the server's PATH/)]);
    } finally {
      process.env.PATH = savedPath;
    }

    renameSync(repo, `${repo}-moved`);
    try {
      const gone = await api.create({ issueId, prompt: "p" });
      expect([gone.status, expectError(gone).message]).toEqual([409, `The directory of ${project.id}, ${repo}, no longer exists (or is not a directory).`]);
    } finally {
      renameSync(`${repo}-moved`, repo);
    }
  });
});

describe("with a runner", () => {
  it("a worktree the runner cannot make fails the execution with the reason, and leaves nothing behind", async () => {
    // Queued while no runner runs; then its branch is taken before the runner gets to it.
    const created = await api.create({ issueId, prompt: "write plan.txt = original" });
    expect(created.status).toBe(201);
    const id = created.body.id;
    const branch = worktreeBranchName(issueId, id);
    git(project.path, "branch", branch, "main");
    const taken = git(project.path, "rev-parse", branch);
    await h.startRunner();
    const done = await waitForEnd(id);
    expect(done).toMatchObject({
      status: "failed",
      error: { code: "worktree_failed", message: `Could not make this run's git worktree: branch ${branch} already exists` },
      worktree: null,
      cwd: project.path,
    });
    expect(existsSync(worktreePathFor(worktreesDir(), project.id, issueId, id))).toBe(false);
    expect(git(project.path, "worktree", "list", "--porcelain").match(/^worktree /gm)).toHaveLength(1);
    expect(git(project.path, "rev-parse", branch)).toBe(taken);
    expect(git(project.path, "for-each-ref", `refs/arbor/starts/${id}`)).toBe("");
    // No agent ever ran: the main checkout is as it was.
    expect(gitStatus(project.path)).toBe("");
    git(project.path, "branch", "-D", branch);
  });

  it("a project that is not a git repository keeps the shared behaviour: runs and forks share its files", async () => {
    const plain = await plainProject(h.projects, "notes");
    const plainIssue = (await makeIssue({ projectId: plain.id })).id;
    const original = await waitForEnd((await api.create({ issueId: plainIssue, prompt: "write plan.txt = original" })).body.id);
    expect(original).toMatchObject({ status: "completed", projectId: plain.id, cwd: plain.path, worktree: null, sharedDirectory: false });
    const fork = await waitForEnd((await api.fork(original.id, "rewrite plan.txt = alternative")).body.id);
    expect(fork).toMatchObject({ status: "completed", cwd: plain.path, worktree: null });
    expect(readIn(plain.path, "plan.txt")).toBe("alternative\n");
    const diff = await callRoute(diffRoute.GET, { url: `/api/executions/${fork.id}/diff`, params: { id: fork.id } });
    expect([diff.status, diff.body.error.message]).toEqual([409, expect.stringMatching(/not a git repository, so its files are shared and not snapshotted/)]);
  });

  it("the shared-directory opt-out runs in the project's directory itself, as asked", async () => {
    const run = await waitForEnd((await api.create({ issueId, prompt: "write plan.txt = original", sharedDirectory: true })).body.id);
    expect(run).toMatchObject({ status: "completed", cwd: project.path, sharedDirectory: true, worktree: null });
    expect(readIn(project.path, "plan.txt")).toBe("original\n");
    expect(gitStatus(project.path)).toBe("?? plan.txt");
  });
});
