import { readFileSync } from "node:fs";
import path from "node:path";
import * as applyRoute from "@/app/api/executions/[id]/apply/route";
import * as previewRoute from "@/app/api/executions/[id]/apply-preview/route";
import type { ApplyPreview } from "@/lib/diff/schema";
import type { Project } from "@/lib/projects/schema";
import { prisma } from "@/server/db";
import { commitAll, git, writeFiles } from "@/test/support/git-repo";
import { useRegisteredRepo } from "@/test/support/registered-repo";
import { callRoute } from "@/test/support/route-call";
import { simulateRun } from "@/test/support/simulated-run";

// "Apply this line" is predictable: its preview shows what the base branch
// will receive — the whole line of work merged onto the base branch's head
// now, not one turn's diff — whether it merges cleanly, and what would make
// Apply refuse, without changing anything; Apply then gives the base branch
// exactly that (squashed by default).

// No operator cap: the repository is registered because a person chose it.
const setup = useRegisteredRepo("arbor-preview-", { "plan.txt": "original\n", "src/a.ts": "a1\n" }, { ARBOR_WORKSPACE_ROOTS: undefined });
let repo: string;
let project: Project;
let issueId: string;
beforeEach(() => ({ repo, project, issueId } = setup));

const preview = (id: string, query = "") => callRoute(previewRoute.GET, { url: `/api/executions/${id}/apply-preview${query}`, params: { id } });
const apply = (id: string, body: unknown) => callRoute(applyRoute.POST, { method: "POST", url: `/api/executions/${id}/apply`, params: { id }, body });
const refs = () => git(repo, "for-each-ref", "--format=%(refname) %(objectname)");
const paths = (p: ApplyPreview) => p.diff.files.map((f) => `${f.status} ${f.path}`);

/** A Continue that changed nothing: the line's next turn in the same worktree, its snapshot its start. */
async function quietNextTurn(run: { id: string; worktreePath: string | null; worktreeBranch: string | null; snapshotSha: string | null }) {
  return prisma.execution.create({
    data: {
      id: "11111111-1111-4111-8111-111111111111",
      issueId,
      agent: "claude",
      prompt: "look again",
      cwd: run.worktreePath!,
      status: "completed",
      projectId: project.id,
      parentExecutionId: run.id,
      worktreePath: run.worktreePath,
      worktreeBranch: run.worktreeBranch,
      worktreeState: "present",
      startSha: run.snapshotSha,
      snapshotSha: run.snapshotSha,
      createdAt: new Date(Date.now() + 1000),
    },
  });
}

it("shows the whole line from its head (which changed nothing itself) onto the base branch's head now, and Apply gives exactly that", async () => {
  const first = await simulateRun({ project, issueId, files: { "plan.txt": "alternative\n", "src/new.ts": "n1\n" }, prompt: "rewrite the plan" });
  const head = await quietNextTurn(first);
  // The person moves main on meanwhile, elsewhere.
  writeFiles(repo, { "README.md": "# app, by the person\n" });
  const moved = commitAll(repo, "the person's own work");
  const before = refs();

  const res = await preview(head.id);
  expect(res.status).toBe(200);
  const p = res.body as ApplyPreview;
  expect(p).toMatchObject({
    executionId: head.id,
    projectId: project.id,
    baseBranch: "main",
    baseHead: moved,
    snapshot: first.snapshotSha,
    branch: first.worktreeBranch,
    lineHeadId: head.id,
    worktreePath: first.worktreePath,
    merge: "clean",
    conflicts: [],
    blocked: null,
    defaultStrategy: "squash",
    repositoryHooks: false,
  });
  // What main receives: the line's changes, not a revert of the person's README.
  expect(paths(p)).toEqual(["modified plan.txt", "added src/new.ts"]);
  expect(p.diff).toMatchObject({ from: moved, additions: 2, deletions: 1 });
  expect(p.diff.patch).toContain("-original\n+alternative");
  expect(p.defaultMessages.squash).toBe(`${issueId}: look again\n\nApplied from Arbor execution ${head.id} (${issueId}).\n`);
  // An earlier turn of the line names the line's head.
  expect((await preview(first.id)).body).toMatchObject({ lineHeadId: head.id, merge: "clean" });
  // Nothing changed: refs, the checkout.
  expect(refs()).toBe(before);
  expect(git(repo, "status", "--porcelain")).toBe("");

  const applied = await apply(head.id, {});
  expect(applied.body).toMatchObject({ status: "applied", strategy: "squash", previousHead: moved });
  // Squashed: one commit on top of main, with exactly the previewed changes.
  expect(git(repo, "log", "-1", "--format=%P")).toBe(moved);
  expect(git(repo, "diff", "--name-status", moved, "main").split("\n")).toEqual(["M\tplan.txt", "A\tsrc/new.ts"]);
  expect(git(repo, "diff", moved, "main")).toBe(p.diff.patch.trimEnd());
  expect(readFileSync(path.join(repo, "README.md"), "utf8")).toBe("# app, by the person\n");
  // Applied: nothing more to bring.
  expect((await preview(head.id)).body).toMatchObject({ merge: "up_to_date", diff: { files: [] } });
});

it("says what would make Apply refuse right now beside the preview: a dirty checkout, another branch", async () => {
  const run = await simulateRun({ project, issueId, files: { "src/a.ts": "a2\n" } });
  writeFiles(repo, { "plan.txt": "the person's uncommitted edit\n" });
  const dirty = (await preview(run.id)).body as ApplyPreview;
  expect(dirty).toMatchObject({ merge: "clean", blocked: { reason: "dirty", files: ["plan.txt"] } });
  expect(dirty.blocked!.message).toMatch(/has uncommitted changes \(plan.txt\): commit or stash them first/);
  expect(paths(dirty)).toEqual(["modified src/a.ts"]);
  expect(readFileSync(path.join(repo, "plan.txt"), "utf8")).toBe("the person's uncommitted edit\n");
  git(repo, "checkout", "--quiet", "--", "plan.txt");
  git(repo, "checkout", "--quiet", "-b", "elsewhere");
  expect((await preview(run.id)).body.blocked).toMatchObject({ reason: "wrong_branch", message: expect.stringMatching(/not on the base branch main/) });
});

it("lists the conflicting files, with the line's own changes, its head and its worktree for the next step", async () => {
  const run = await simulateRun({ project, issueId, files: { "plan.txt": "from the agent\n", "src/b.ts": "b\n" } });
  writeFiles(repo, { "plan.txt": "the person's own change\n" });
  commitAll(repo, "person moves on");
  const p = (await preview(run.id)).body as ApplyPreview;
  expect(p).toMatchObject({ merge: "conflicts", conflicts: ["plan.txt"], lineHeadId: run.id, worktreePath: run.worktreePath, blocked: null });
  // What the line changed since it left main.
  expect(paths(p)).toEqual(["modified plan.txt", "added src/b.ts"]);
  expect(p.diff.from).toBe(run.startSha);
});

it("refuses (409, changing nothing) where there is nothing to preview, naming why", async () => {
  const base = { issueId, agent: "claude", prompt: "p", cwd: repo };
  const running = await prisma.execution.create({ data: { ...base, id: "00000000-0000-4000-8000-000000000001", status: "running", projectId: project.id } });
  const noSnapshot = await preview(running.id);
  expect(noSnapshot.status).toBe(409);
  expect(noSnapshot.body.error).toMatchObject({
    details: { reason: "no_snapshot" },
    message: expect.stringMatching(/has no snapshot yet: it has not finished/),
  });

  // A line started from an unrelated history.
  const orphan = git(repo, "commit-tree", git(repo, "write-tree"), "-m", "orphan");
  const stray = await simulateRun({ project, issueId, files: { "x.txt": "x\n" }, from: orphan });
  const unrelated = await preview(stray.id);
  expect(unrelated.status).toBe(409);
  expect(unrelated.body.error).toMatchObject({ details: { reason: "unrelated_histories" }, message: expect.stringMatching(/no history in common with main/) });

  const run = await simulateRun({ project, issueId, files: { "src/a.ts": "a3\n" } });
  git(repo, "branch", "-m", "main", "trunk");
  const gone = await preview(run.id);
  expect(gone.body.error).toMatchObject({
    details: { reason: "base_branch_missing" },
    message: expect.stringMatching(/^The base branch main of PROJ-1 no longer exists/),
  });
  await prisma.project.update({ where: { id: project.id }, data: { baseBranch: null } });
  expect((await preview(run.id)).body.error).toMatchObject({ details: { reason: "no_base_branch" } });

  expect((await preview("00000000-0000-4000-8000-000000000099")).status).toBe(404);
  expect((await preview(run.id, "?maxBytes=10")).status).toBe(422);
  expect(git(repo, "status", "--porcelain")).toBe("");
});
