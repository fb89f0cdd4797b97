import { existsSync, mkdirSync, renameSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import * as applyRoute from "@/app/api/executions/[id]/apply/route";
import * as executionsRoute from "@/app/api/executions/route";
import * as cleanupRoute from "@/app/api/projects/[id]/cleanup/route";
import * as projectRoute from "@/app/api/projects/[id]/route";
import * as projectsRoute from "@/app/api/projects/route";
import type { Project } from "@/lib/projects/schema";
import { prisma } from "@/server/db";
import { resolveCommit } from "@/server/git/refs";
import { prepareSpareWorktree } from "@/server/git/spare-worktrees";
import { createProject } from "@/server/projects/create-project";
import { worktreesRoot } from "@/server/projects/worktrees-root";
import { repairWorktrees } from "@/server/runner/process/repair-worktrees";
import { useHarness } from "@/test/support/executions-harness";
import { makeIssue } from "@/test/support/factories";
import { commitAll, git, writeFiles } from "@/test/support/git-repo";
import { archiveLine, runLine } from "@/test/support/line-of-work";
import { callRoute } from "@/test/support/route-call";

// Refs are full names and Arbor removes only what it made: a tag named like
// the base branch never decides where a run starts; the base branch is a
// branch name, never revision syntax; cleanup and start-up repair remove only
// the recorded worktree and its arbor/ branch, never a branch or worktree of
// the person's; Apply of a line with an unrelated history is a 409 saying so.

jest.setTimeout(60_000);

const suite = useHarness();
let issueId: string;
let runnerId: string;

beforeAll(async () => {
  issueId = (await makeIssue({ title: "Refs" })).id;
  runnerId = "hostile-runner";
  const now = new Date();
  await prisma.runner.create({
    data: { id: runnerId, hostname: os.hostname(), pid: process.pid, startedAt: now, heartbeatAt: now, installedAgents: ["claude"] },
  });
});

async function repository(name: string, prepare: (repo: string) => void = () => {}): Promise<Project> {
  const repo = path.join(suite.h.projects, name);
  mkdirSync(repo, { recursive: true });
  git(repo, "init", "--quiet", "--initial-branch=main");
  writeFiles(repo, { "README.md": `# ${name}\n` });
  commitAll(repo, "initial commit");
  prepare(repo);
  const created = await createProject({ path: repo });
  if (!created.ok) throw new Error(created.error.message);
  return created.value;
}

const apply = (id: string) => callRoute(applyRoute.POST, { method: "POST", url: `/api/executions/${id}/apply`, params: { id }, body: { strategy: "merge" } });
const cleanup = (id: string) =>
  callRoute(cleanupRoute.POST, { method: "POST", url: `/api/projects/${id}/cleanup`, params: { id }, body: { deleteBranches: true } });
const register = (body: unknown) => callRoute(projectsRoute.POST, { method: "POST", url: "/api/projects", body });
const patch = (id: string, body: unknown) => callRoute(projectRoute.PATCH, { method: "PATCH", url: `/api/projects/${id}`, params: { id }, body });

test("problem 3: a tag named like the base branch never decides where a run, a spare checkout or Apply starts", async () => {
  const project = await repository("tagged", (repo) => {
    git(repo, "checkout", "--quiet", "-b", "side");
    writeFiles(repo, { "planted.txt": "from the tag\n" });
    commitAll(repo, "planted");
    git(repo, "tag", "main");
    git(repo, "checkout", "--quiet", "main");
    git(repo, "branch", "--quiet", "-D", "side");
  });
  const main = git(project.path, "rev-parse", "refs/heads/main");
  for (const body of [
    { issueId, prompt: "x", projectId: project.id },
    { issueId, prompt: "x", projectId: project.id, startRef: "main" },
  ]) {
    const created = await callRoute(executionsRoute.POST, { method: "POST", url: "/api/executions", body });
    expect(created).toMatchObject({ status: 201 });
    const row = await prisma.execution.findUniqueOrThrow({ where: { id: created.body.id } });
    expect(row.startSha).toBe(main);
    await prisma.execution.update({ where: { id: row.id }, data: { status: "cancelled" } });
  }
  // Start refs resolve to full refs or commits: the branch before a tag of its name; revision syntax beyond ~n/^n names nothing.
  const tag = git(project.path, "rev-parse", "refs/tags/main^{commit}");
  const cases: Array<[string, string | null]> = [
    ["main", main],
    ["refs/heads/main", main],
    ["refs/tags/main", tag],
    ["main~0", main],
    ["refs/tags/main~1", git(project.path, "rev-parse", "refs/tags/main~1")],
    [main.slice(0, 10), main],
    [tag, tag],
    ["main@{0}", null],
    ["main:README.md", null],
    ["main^{tree}", null],
    ["main..main", null],
    ["--all", null],
  ];
  for (const [ref, expected] of cases) expect({ ref, sha: await resolveCommit(project.path, ref) }).toEqual({ ref, sha: expected });

  const spare = await prepareSpareWorktree({ repo: project.path, dir: path.join(worktreesRoot(), project.id), from: "main" });
  expect(spare.ok && git(spare.value, "rev-parse", "HEAD")).toBe(main);

  const line = await runLine(project, issueId, "main", { "agent.txt": "mine\n" });
  expect(line.startSha).toBe(main);
  expect(await apply(line.id)).toMatchObject({ status: 200, body: { status: "applied" } });
  expect(git(project.path, "ls-tree", "--name-only", "refs/heads/main")).toBe("README.md\nagent.txt");
  expect(existsSync(path.join(project.path, "planted.txt"))).toBe(false);
});

test("problem 7: a base branch in revision syntax is a 422 naming it, when registering and when editing", async () => {
  const project = await repository("syntax");
  const other = path.join(suite.h.projects, "syntax-2");
  mkdirSync(other);
  git(other, "init", "--quiet", "--initial-branch=main");
  commitAll(other, "initial commit");
  for (const name of ["main~0", "main@{0}", "main^0", "@{-1}", "-main", "HEAD"]) {
    const registered = await register({ path: other, baseBranch: name });
    expect(registered.status).toBe(422);
    expect(registered.body.error.details.fieldErrors.baseBranch[0]).toContain(`"${name}"`);
    const edited = await patch(project.id, { baseBranch: name });
    expect(edited.status).toBe(422);
    expect(edited.body.error.message).toContain(`"${name}"`);
  }
  expect((await prisma.project.findUniqueOrThrow({ where: { id: project.id } })).baseBranch).toBe("main");
});

test("problem 6: Apply of a line that started from an unrelated (orphan) history is a 409 that explains", async () => {
  const project = await repository("orphan", (repo) => {
    git(repo, "checkout", "--quiet", "--orphan", "lonely");
    git(repo, "rm", "--quiet", "-r", "--cached", ".");
    writeFiles(repo, { "other.txt": "another project\n" });
    git(repo, "add", "other.txt");
    git(repo, "commit", "--quiet", "-m", "unrelated root");
    git(repo, "checkout", "--quiet", "--force", "main");
  });
  const main = git(project.path, "rev-parse", "main");
  const line = await runLine(project, issueId, "lonely", { "agent.txt": "mine\n" });
  const res = await apply(line.id);
  expect(res.status).toBe(409);
  expect(res.body.error).toMatchObject({ code: "conflict", details: { reason: "unrelated_histories" } });
  expect(res.body.error.message).toMatch(/no history in common with main/);
  expect(git(project.path, "rev-parse", "main")).toBe(main);
});

test("problem 4: cleanup deletes only the recorded arbor/ branch, never the person's branch checked out in the worktree", async () => {
  const project = await repository("people", (repo) => git(repo, "branch", "feature-x"));
  const line = await runLine(project, issueId, "main", { "agent.txt": "mine\n" });
  git(line.worktreePath!, "checkout", "--quiet", "feature-x");
  await archiveLine(issueId, [line.id]);
  const res = await cleanup(project.id);
  expect(res.status).toBe(200);
  expect(res.body.removed).toEqual([expect.objectContaining({ path: line.worktreePath, branch: line.worktreeBranch, branchDeleted: true })]);
  expect(git(project.path, "branch", "--list", "feature-x")).toContain("feature-x");
  expect(git(project.path, "branch", "--list", line.worktreeBranch!)).toBe("");
  expect(existsSync(line.worktreePath!)).toBe(false);
});

test("problem 5: cleanup and start-up repair forget only the recorded worktree, never the person's own that is missing right now", async () => {
  const project = await repository("mounted");
  const own = path.join(suite.h.tmp, "usb", "own-checkout");
  mkdirSync(path.dirname(own));
  git(project.path, "worktree", "add", "--quiet", "-b", "own", own);
  const unmounted = `${own}.away`;
  const stillKnown = () => git(project.path, "worktree", "list", "--porcelain").includes(`worktree ${own}\n`);

  // A line whose directory vanished, noticed at the runner's start…
  const vanished = await runLine(project, issueId, "main", { "a.txt": "a\n" }, { runnerId });
  rmSync(vanished.worktreePath!, { recursive: true, force: true });
  renameSync(own, unmounted); // the person's disk is unmounted just then
  expect((await repairWorktrees(runnerId)).missing).toBeGreaterThanOrEqual(1);
  expect(git(project.path, "worktree", "list", "--porcelain")).not.toContain(vanished.worktreePath!);
  expect(stillKnown()).toBe(true);

  // …and one removed by housekeeping while its directory is already gone.
  const archived = await runLine(project, issueId, "main", { "b.txt": "b\n" });
  await archiveLine(issueId, [archived.id]);
  rmSync(archived.worktreePath!, { recursive: true, force: true });
  const res = await cleanup(project.id);
  expect(res.body.removed).toEqual([expect.objectContaining({ path: archived.worktreePath, branch: archived.worktreeBranch })]);
  expect(git(project.path, "worktree", "list", "--porcelain")).not.toContain(archived.worktreePath!);
  expect(stillKnown()).toBe(true);
  renameSync(unmounted, own);
  expect(git(own, "status", "--porcelain")).toBe("");
  expect(git(own, "rev-parse", "--abbrev-ref", "HEAD")).toBe("own");
});
