import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdirSync } from "node:fs";
import path from "node:path";
import * as compareRoute from "@/app/api/compare/diff/route";
import * as applyRoute from "@/app/api/executions/[id]/apply/route";
import * as diffRoute from "@/app/api/executions/[id]/diff/route";
import * as cleanupRoute from "@/app/api/projects/[id]/cleanup/route";
import * as projectRoute from "@/app/api/projects/[id]/route";
import type { Project } from "@/lib/projects/schema";
import { prisma } from "@/server/db";
import { createWorktree } from "@/server/git/create-worktree";
import { prepareSpareWorktree } from "@/server/git/spare-worktrees";
import { createProject } from "@/server/projects/create-project";
import { worktreesRoot } from "@/server/projects/worktrees-root";
import { useHarness } from "@/test/support/executions-harness";
import { makeIssue } from "@/test/support/factories";
import { commitAll, git, writeFiles } from "@/test/support/git-repo";
import { armFilters, armHooks, inertGit, Markers } from "@/test/support/hostile-repo";
import { archiveLine, runLine } from "@/test/support/line-of-work";
import { callRoute } from "@/test/support/route-call";

// A registered repository is not trusted: none of its hooks (every kind, also
// through a relative core.hooksPath that resolves inside the worktree),
// core.fsmonitor, filters, diff or merge drivers, gpg, pager, editor, ssh,
// credential or askpass helpers runs during Arbor's own git work —
// registration, worktrees and spare checkouts, snapshots, diff, compare,
// cleanup and Apply — unless the project opted in for Apply.

jest.setTimeout(60_000);

const suite = useHarness();
let markers: Markers;
let issueId: string;
let hooks: Project;
let filters: Project;

async function register(name: string, arm: (repo: string) => void): Promise<Project> {
  const repo = path.join(suite.h.projects, name);
  mkdirSync(repo, { recursive: true });
  git(repo, "init", "--quiet", "--initial-branch=main");
  writeFiles(repo, { "README.md": "# hostile\n", "shared.txt": "one\n" });
  commitAll(repo, "initial commit");
  arm(repo);
  const created = await createProject({ path: repo });
  if (!created.ok) throw new Error(created.error.message);
  return created.value;
}

beforeAll(async () => {
  markers = new Markers(suite.h.tmp);
  issueId = (await makeIssue({ title: "Hostile" })).id;
  hooks = await register("hooks", (repo) => armHooks(repo, markers));
  filters = await register("filters", (repo) => armFilters(repo, markers));
});

beforeEach(() => markers.clear());

const diff = (id: string) => callRoute(diffRoute.GET, { url: `/api/executions/${id}/diff`, params: { id } });
const compare = (a: string, b: string) => callRoute(compareRoute.GET, { url: `/api/compare/diff?a=${a}&b=${b}` });
const apply = (id: string) => callRoute(applyRoute.POST, { method: "POST", url: `/api/executions/${id}/apply`, params: { id }, body: { strategy: "merge" } });
const cleanup = (id: string) =>
  callRoute(cleanupRoute.POST, { method: "POST", url: `/api/projects/${id}/cleanup`, params: { id }, body: { deleteBranches: true } });
const patch = (id: string, body: unknown) => callRoute(projectRoute.PATCH, { method: "PATCH", url: `/api/projects/${id}`, params: { id }, body });
const getProject = (id: string) => callRoute(projectRoute.GET, { url: `/api/projects/${id}`, params: { id } });

test("the traps are armed: plain git in these repositories runs them", () => {
  const scratch = path.join(suite.h.tmp, "scratch");
  git(hooks.path, "worktree", "add", "--quiet", "-b", "scratch", scratch);
  writeFiles(scratch, { "x.txt": "x\n" });
  git(scratch, "add", "x.txt");
  expect(() => git(scratch, "commit", "--quiet", "-m", "x")).toThrow(); // the gpg trap refuses to sign
  execFileSync("git", ["diff", "HEAD"], { cwd: scratch, stdio: "ignore" });
  expect(markers.fired()).toEqual(
    expect.arrayContaining(["hook-post-checkout", "hook-reference-transaction", "hook-pre-commit", "fsmonitor", "gpg", "diff-driver-command"]),
  );
  inertGit(hooks.path, "worktree", "remove", "--force", scratch);
  inertGit(hooks.path, "branch", "-D", "scratch");
  markers.clear();

  git(filters.path, "worktree", "add", "--quiet", "-b", "scratch", scratch);
  writeFiles(scratch, { "y.txt": "y\n" });
  git(scratch, "add", "y.txt");
  expect(markers.fired()).toEqual(expect.arrayContaining(["filter-clean", "filter-smudge"]));
  inertGit(filters.path, "worktree", "remove", "--force", scratch);
  inertGit(filters.path, "branch", "-D", "scratch");
  markers.clear();
});

test("registration, worktrees, a spare checkout, snapshots, diff, compare, safe Apply and cleanup run nothing of the repository", async () => {
  for (const project of [hooks, filters]) {
    await createProject({ path: project.path }); // refused (registered already) after reading the repository
    const spareDir = path.join(worktreesRoot(), project.id);
    const spare = await prepareSpareWorktree({ repo: project.path, dir: spareDir, from: "main" });
    expect(spare.ok).toBe(true);
    const a = await runLine(project, issueId, "main", { "a.txt": "a\n", "shared.txt": "one\ntwo\n" }, { spareDir });
    const b = await runLine(project, issueId, a.snapshotSha!, { "b.txt": "b\n" });
    expect(a.snapshotSha).not.toBe(a.startSha);
    expect(inertGit(project.path, "show", `${a.snapshotSha}:a.txt`)).toBe("a");
    expect((await diff(a.id)).body.files.map((f: { path: string }) => f.path).sort()).toEqual(["a.txt", "shared.txt"]);
    expect((await compare(a.id, b.id)).body.files).toEqual([expect.objectContaining({ path: "b.txt" })]);
    expect((await getProject(project.id)).status).toBe(200);
    const applied = await apply(a.id);
    expect(markers.fired()).toEqual([]);
    if (project === hooks) expect(applied).toMatchObject({ status: 200, body: { status: "applied" } });
    // The repository's own filters and merge drivers would be needed to write its files: safe mode refuses and says why.
    else expect(applied).toMatchObject({ status: 409, body: { error: { details: { reason: "repository_drivers" } } } });
    await archiveLine(issueId, [a.id, b.id]);
    const cleaned = await cleanup(project.id);
    expect(cleaned.status).toBe(200);
    expect(cleaned.body.removed).toHaveLength(2);
  }
  expect(markers.fired()).toEqual([]);
  expect(inertGit(hooks.path, "show", "main:a.txt")).toBe("a");
});

test("Apply where the person opted in runs what git merge would: the repository's hooks and filters", async () => {
  const ran: Record<string, string[]> = {};
  for (const project of [hooks, filters]) {
    const updated = await patch(project.id, { runHooksOnApply: true });
    expect(updated).toMatchObject({ status: 200, body: { runHooksOnApply: true } });
    const line = await runLine(project, issueId, "main", { "opted.txt": "in\n" });
    expect(markers.fired()).toEqual([]);
    expect(await apply(line.id)).toMatchObject({ status: 200, body: { status: "applied", repositoryHooks: true } });
    ran[project.id] = markers.fired();
    markers.clear();
    expect((await patch(project.id, { runHooksOnApply: false })).body.runHooksOnApply).toBe(false);
  }
  expect(ran[hooks.id]).toEqual(expect.arrayContaining(["hook-post-merge", "hook-reference-transaction"]));
  expect(ran[filters.id]).toEqual(expect.arrayContaining(["filter-smudge"]));
});

test("a partial clone: Arbor never fetches, so ssh commands, credential helpers and askpass never run; git's refusal is a 409", async () => {
  const source = path.join(suite.h.tmp, "origin");
  mkdirSync(source);
  git(source, "init", "--quiet", "--initial-branch=main");
  writeFiles(source, { "README.md": "# origin\n" });
  commitAll(source, "initial commit");
  git(source, "config", "uploadpack.allowFilter", "true");
  const clone = path.join(suite.h.projects, "partial");
  git(suite.h.projects, "clone", "--quiet", "--filter=blob:none", `file://${source}`, clone);
  writeFiles(source, { "later.txt": "a blob the clone does not have\n" });
  const later = commitAll(source, "later");
  git(clone, "fetch", "--quiet");
  git(clone, "config", "remote.origin.url", "ssh://example.invalid/origin");
  git(clone, "config", "core.sshCommand", markers.script("ssh-command", "exit 1"));
  git(clone, "config", "credential.helper", `!${markers.script("credential-helper")}`);
  git(clone, "config", "core.askPass", markers.script("askpass"));
  const created = await createProject({ path: clone });
  if (!created.ok) throw new Error(created.error.message);
  const project = created.value;

  const made = await createWorktree({
    repo: clone,
    path: path.join(worktreesRoot(), project.id, "needs-a-blob"),
    branch: "arbor/x/needsblob",
    from: later,
  }).catch((error: Error) => error);
  expect(made).toMatchObject({ message: expect.stringMatching(/not allowed|could not fetch/) });
  const main = inertGit(clone, "rev-parse", "main");
  const row = await prisma.execution.create({
    data: {
      issueId,
      agent: "claude",
      prompt: "x",
      cwd: clone,
      status: "completed",
      projectId: project.id,
      startSha: main,
      snapshotSha: later,
      id: randomUUID(),
    },
  });
  const res = await diff(row.id);
  expect(markers.fired()).toEqual([]);
  expect(res.status).toBe(409);
  expect(res.body.error.message).toMatch(/not allowed|could not fetch/);
});
