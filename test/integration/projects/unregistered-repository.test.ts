import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import * as executionRoute from "@/app/api/executions/[id]/route";
import * as executionsRoute from "@/app/api/executions/route";
import type { CreateExecutionResponse, ExecutionDto } from "@/lib/executions/schema";
import { prisma } from "@/server/db";
import { runArbor, type RouteTable } from "@/test/support/cli-in-process";
import { api, waitForEnd } from "@/test/support/executions-api";
import { useRunningHarness } from "@/test/support/executions-harness";
import { makeIssue } from "@/test/support/factories";
import { commitAll, git, writeFiles } from "@/test/support/git-repo";
import { gitStatus, readIn, scriptBashTurns } from "@/test/support/worktree-runs";

// A run given a cwd inside a git repository no project had (issue 25): the
// repository is registered on first use (the 201 and `arbor run` say so) and
// its lines of work get worktrees of their own, so a Fork no longer rewrites
// the original's files; sharedDirectory stays the explicit opt-out, and a
// repository registration refuses (in the default workspace) runs as before.

jest.setTimeout(120_000);

const suite = useRunningHarness({
  script: (standIn) =>
    scriptBashTurns(standIn, {
      "write plan.txt = original": "printf 'original\\n' > plan.txt",
      "rewrite plan.txt = alternative": "printf 'alternative\\n' > plan.txt",
    }),
});

const ROUTES: RouteTable = [
  [/^\/api\/executions$/, executionsRoute],
  [/^\/api\/executions\/([^/]+)$/, executionRoute],
];

let issueId: string;
beforeAll(async () => {
  issueId = (await makeIssue({ title: "Loose repositories" })).id;
});

/** A git repository on main with a README committed, registered nowhere. */
function looseRepo(dir: string, name: string): string {
  const repo = path.join(dir, name);
  mkdirSync(repo, { recursive: true });
  git(repo, "init", "--quiet", "--initial-branch=main");
  writeFiles(repo, { "README.md": "# loose\n" });
  commitAll(repo, "initial commit");
  return repo;
}

const created = async (body: Record<string, unknown>) => {
  const answer = await api.create({ issueId, ...body });
  expect(answer.status).toBe(201);
  return answer.body as CreateExecutionResponse;
};
const ended = async (id: string): Promise<ExecutionDto> => {
  const done = await waitForEnd(id);
  expect(done).toMatchObject({ status: "completed", error: null });
  return done;
};

test("a cwd in an unregistered repository registers it; the run and a fork of it get worktrees of their own", async () => {
  const repo = looseRepo(suite.h.projects, "loose");
  const first = await created({ prompt: "write plan.txt = original", cwd: path.join(repo, ".") });
  expect(first.registeredProject).toEqual({ id: expect.stringMatching(/^PROJ-\d+$/), name: "loose", path: repo });
  const projectId = first.registeredProject!.id;
  expect(await prisma.project.findUnique({ where: { id: projectId }, select: { path: true, isGitRepo: true, baseBranch: true } })).toEqual({
    path: repo,
    isGitRepo: true,
    baseBranch: "main",
  });
  const original = await ended(first.id);
  expect(original.projectId).toBe(projectId);
  expect(original.worktree).toMatchObject({ state: "present" });

  const fork = await ended((await api.fork(original.id, "rewrite plan.txt = alternative")).body.id);
  expect(fork.worktree!.path).not.toBe(original.worktree!.path);
  expect(readIn(fork.worktree!.path, "plan.txt")).toBe("alternative\n");
  expect(readIn(original.worktree!.path, "plan.txt")).toBe("original\n");
  // The repository's own checkout is untouched.
  expect(existsSync(path.join(repo, "plan.txt"))).toBe(false);
  expect(gitStatus(repo)).toBe("");

  // Registered once: the next run there is simply the project's.
  const again = await created({ prompt: "write plan.txt = original", cwd: repo });
  expect(again.registeredProject).toBeUndefined();
  expect(again.projectId).toBe(projectId);
  await ended(again.id);
});

test("sharedDirectory: true registers it too, and the run and its fork share the checkout", async () => {
  const repo = looseRepo(suite.h.projects, "shared");
  const first = await created({ prompt: "write plan.txt = original", cwd: repo, sharedDirectory: true });
  expect(first.registeredProject).toMatchObject({ name: "shared", path: repo });
  const original = await ended(first.id);
  expect(original).toMatchObject({ sharedDirectory: true, cwd: repo, worktree: null });
  const fork = await ended((await api.fork(original.id, "rewrite plan.txt = alternative")).body.id);
  expect(fork).toMatchObject({ sharedDirectory: true, cwd: repo });
  expect(readIn(repo, "plan.txt")).toBe("alternative\n");
});

test("a repository in the default workspace is not registered (registration refuses it): the run shares its directory as before", async () => {
  const repo = looseRepo(suite.h.workspace, "scratch");
  const first = await created({ prompt: "write plan.txt = original", cwd: repo });
  expect(first.registeredProject).toBeUndefined();
  expect(first).toMatchObject({ projectId: null, cwd: repo });
  await ended(first.id);
  expect(readIn(repo, "plan.txt")).toBe("original\n");
});

test("`arbor run --cwd` says it registered the repository", async () => {
  const repo = looseRepo(suite.h.projects, "cli");
  const ran = await runArbor(ROUTES, ["run", issueId, "write plan.txt = original", "--cwd", repo], { cwd: suite.h.workspace });
  expect(ran.code).toBe(0);
  const project = await prisma.project.findUniqueOrThrow({ where: { path: repo } });
  expect(ran.stdout.split("\n")[0]).toBe(`Registered ${repo} as project ${project.id} (cli): each line of work there gets a worktree of its own`);
});
