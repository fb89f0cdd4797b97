import { readFileSync } from "node:fs";
import path from "node:path";
import * as applyRoute from "@/app/api/executions/[id]/apply/route";
import * as diffRoute from "@/app/api/executions/[id]/diff/route";
import * as compareRoute from "@/app/api/compare/diff/route";
import * as executionRoute from "@/app/api/executions/[id]/route";
import type { Project } from "@/lib/projects/schema";
import { prisma } from "@/server/db";
import { createProject } from "@/server/projects/create-project";
import { makeIssue } from "@/test/support/factories";
import { commitAll, git, writeFiles, type TempRepos } from "@/test/support/git-repo";
import { useRegisteredRepo } from "@/test/support/registered-repo";
import { callRoute } from "@/test/support/route-call";
import { simulateRun } from "@/test/support/simulated-run";

// Diffs of executions, diffs between two executions' snapshots, and Apply,
// over real git and the real database. The executions are set up the way the
// runner will record them (test/support/simulated-run.ts).

const setup = useRegisteredRepo("arbor-diff-", { "plan.txt": "original\n", "src/a.ts": "a1\n" }, { ARBOR_WORKSPACE_ROOTS: undefined });
let repos: TempRepos;
let project: Project;
let repo: string;
let issueId: string;
beforeEach(() => ({ repos, project, repo, issueId } = setup));

const diff = (id: string, query = "") => callRoute(diffRoute.GET, { url: `/api/executions/${id}/diff${query}`, params: { id } });
const compare = (query: string) => callRoute(compareRoute.GET, { url: `/api/compare/diff${query}` });
const apply = (id: string, body: unknown) => callRoute(applyRoute.POST, { method: "POST", url: `/api/executions/${id}/apply`, params: { id }, body });

describe("GET /api/executions/:id/diff", () => {
  it("answers the files with +/− counts and the patch from its start to its snapshot; the execution shows its worktree", async () => {
    const run = await simulateRun({ project, issueId, files: { "plan.txt": "alternative\n", "src/new.ts": "n1\nn2\n" } });
    const res = await diff(run.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      executionId: run.id,
      projectId: project.id,
      branch: run.worktreeBranch,
      baseBranch: "main",
      from: run.startSha,
      to: run.snapshotSha,
      additions: 3,
      deletions: 1,
      truncated: false,
      files: [
        { path: "plan.txt", status: "modified", additions: 1, deletions: 1, binary: false, oldPath: null },
        { path: "src/new.ts", status: "added", additions: 2, deletions: 0, binary: false, oldPath: null },
      ],
    });
    expect(res.body.patch).toContain("-original\n+alternative");

    const dto = await callRoute(executionRoute.GET, { url: `/api/executions/${run.id}`, params: { id: run.id } });
    expect(dto.body).toMatchObject({
      projectId: project.id,
      sharedDirectory: false,
      worktree: { path: run.worktreePath, branch: run.worktreeBranch, state: "present", startSha: run.startSha, snapshotSha: run.snapshotSha },
    });
  });

  it("caps the patch on request and says so", async () => {
    const files = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`gen/f${i}.txt`, "x\n".repeat(300)]));
    const run = await simulateRun({ project, issueId, files });
    const res = await diff(run.id, "?maxBytes=4096");
    expect(res.body).toMatchObject({ truncated: true, maxPatchBytes: 4096 });
    expect(res.body.files).toHaveLength(20);
    expect(Buffer.byteLength(res.body.patch)).toBeLessThanOrEqual(4096);
    expect((await diff(run.id, "?maxBytes=10")).status).toBe(422);
  });

  it("409 saying why when there is no snapshot; 404 for an unknown execution", async () => {
    const base = { issueId, agent: "claude", prompt: "p", cwd: repo };
    const running = await prisma.execution.create({ data: { ...base, id: "00000000-0000-4000-8000-000000000001", status: "running", projectId: project.id } });
    const loose = await prisma.execution.create({ data: { ...base, id: "00000000-0000-4000-8000-000000000002", status: "completed" } });
    const shared = await prisma.execution.create({
      data: { ...base, id: "00000000-0000-4000-8000-000000000003", status: "completed", projectId: project.id, sharedDirectory: true },
    });
    const cases: [string, RegExp][] = [
      [running.id, /^Execution 00000000 has no snapshot yet: it has not finished/],
      [loose.id, /no snapshot yet: it ran in the default workspace/],
      [shared.id, /no snapshot yet: it ran in the project's directory itself/],
    ];
    for (const [id, message] of cases) {
      const res = await diff(id);
      expect(res.status).toBe(409);
      expect(res.body.error).toMatchObject({ code: "conflict", details: { reason: "no_snapshot" } });
      expect(res.body.error.message).toMatch(message);
    }
    expect((await diff("00000000-0000-4000-8000-000000000099")).status).toBe(404);
    expect((await diff("not-a-uuid")).status).toBe(404);
  });
});

describe("GET /api/compare/diff", () => {
  it("diffs two forks' snapshots; both must have one and belong to the same project", async () => {
    const original = await simulateRun({ project, issueId, files: { "plan.txt": "original, refined\n" } });
    const forkA = await simulateRun({ project, issueId, from: original.snapshotSha!, files: { "plan.txt": "alternative A\n" } });
    const forkB = await simulateRun({ project, issueId, from: original.snapshotSha!, files: { "plan.txt": "alternative B\n", "b-only.txt": "b\n" } });
    // Forks start at exactly the source's snapshot.
    expect(forkA.startSha).toBe(original.snapshotSha);

    const res = await compare(`?a=${forkA.id}&b=${forkB.id.toUpperCase()}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      a: forkA.id,
      b: forkB.id,
      projectId: project.id,
      from: forkA.snapshotSha,
      to: forkB.snapshotSha,
      additions: 2,
      deletions: 1,
    });
    expect(res.body.files.map((f: { path: string }) => f.path)).toEqual(["b-only.txt", "plan.txt"]);
    expect(res.body.patch).toContain("-alternative A\n+alternative B");

    expect((await compare(`?a=${forkA.id}`)).body.error.message).toMatch(/b: b is required/);
    expect((await compare(`?a=${forkA.id}&b=nope`)).status).toBe(422);
    const pending = await prisma.execution.create({
      data: { id: "00000000-0000-4000-8000-000000000005", issueId, agent: "claude", prompt: "p", cwd: repo, status: "queued", projectId: project.id },
    });
    expect((await compare(`?a=${forkA.id}&b=${pending.id}`)).status).toBe(409);

    const other = await createProject({ path: repos.repo("other") });
    if (!other.ok) throw new Error(other.error.message);
    const otherIssue = await makeIssue({ projectId: other.value.id });
    const elsewhere = await simulateRun({ project: other.value, issueId: otherIssue.id, files: { "x.txt": "x\n" } });
    const mixed = await compare(`?a=${forkA.id}&b=${elsewhere.id}`);
    expect(mixed.status).toBe(409);
    expect(mixed.body.error.message).toMatch(/different projects/);
  });
});

describe("POST /api/executions/:id/apply", () => {
  it("merges a snapshot into the base branch (default message), then finds nothing more to do", async () => {
    const run = await simulateRun({ project, issueId, files: { "plan.txt": "alternative\n" }, prompt: "rewrite plan.txt = alternative" });
    const res = await apply(run.id, { strategy: "merge" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ executionId: run.id, status: "applied", strategy: "merge", baseBranch: "main" });
    expect(res.body.message).toBe(`Merge ${run.worktreeBranch} into main\n\nApplied from Arbor execution ${run.id} (${issueId}).\n`);
    expect(git(repo, "rev-parse", "main")).toBe(res.body.commit);
    expect(git(repo, "log", "-1", "--format=%P")).toBe(`${res.body.previousHead} ${run.snapshotSha}`);
    expect(readFileSync(path.join(repo, "plan.txt"), "utf8")).toBe("alternative\n");
    expect((await apply(run.id, {})).body).toMatchObject({ status: "up_to_date", commit: res.body.commit });
  });

  it("squashes with the person's message", async () => {
    const run = await simulateRun({ project, issueId, files: { "src/a.ts": "a2\n" } });
    const res = await apply(run.id, { strategy: "squash", message: "Use a2" });
    expect(res.body).toMatchObject({ status: "applied", strategy: "squash", message: "Use a2" });
    expect(git(repo, "log", "-1", "--format=%P|%s")).toBe(`${res.body.previousHead}|Use a2`);
  });

  it("409s that change nothing: dirty checkout, another branch, conflicts (listing the files), no snapshot; 422 for a bad strategy", async () => {
    const run = await simulateRun({ project, issueId, files: { "plan.txt": "from the agent\n", "src/a.ts": "agent\n" } });
    const head = git(repo, "rev-parse", "HEAD");

    writeFiles(repo, { "plan.txt": "person's uncommitted edit\n" });
    const dirty = await apply(run.id, { strategy: "merge" });
    expect(dirty.status).toBe(409);
    expect(dirty.body.error).toMatchObject({ details: { reason: "dirty", files: ["plan.txt"] } });
    expect(dirty.body.error.message).toBe(`The main checkout ${repo} has uncommitted changes (plan.txt): commit or stash them first`);
    git(repo, "checkout", "--quiet", "--", "plan.txt");

    git(repo, "checkout", "--quiet", "-b", "elsewhere");
    const wrong = await apply(run.id, { strategy: "merge" });
    expect(wrong.status).toBe(409);
    expect(wrong.body.error.message).toMatch(/is on branch elsewhere, not on the base branch main: check out main first/);
    git(repo, "checkout", "--quiet", "main");

    writeFiles(repo, { "plan.txt": "the person's own change\n", "src/a.ts": "person\n" });
    const moved = commitAll(repo, "person moves on");
    const conflicting = await apply(run.id, { strategy: "squash" });
    expect(conflicting.status).toBe(409);
    expect(conflicting.body.error).toMatchObject({ details: { reason: "conflicts", files: ["plan.txt", "src/a.ts"] } });
    expect(conflicting.body.error.message).toMatch(/conflict with main in 2 files \(plan.txt, src\/a.ts\); nothing was changed/);
    expect(git(repo, "rev-parse", "HEAD")).toBe(moved);
    expect(git(repo, "status", "--porcelain")).toBe("");
    expect(head).not.toBe(moved);

    const bad = await apply(run.id, { strategy: "rebase" });
    expect(bad.status).toBe(422);
    expect(bad.body.error.message).toBe('strategy: strategy must be "merge" or "squash"');
    const none = await prisma.execution.create({
      data: { id: "00000000-0000-4000-8000-000000000007", issueId, agent: "claude", prompt: "p", cwd: repo, status: "completed", projectId: project.id },
    });
    expect((await apply(none.id, { strategy: "merge" })).status).toBe(409);
  });
});
