import { mkdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import * as projectsRoute from "@/app/api/projects/route";
import * as projectRoute from "@/app/api/projects/[id]/route";
import { prisma } from "@/server/db";
import { createWorktree } from "@/server/git/create-worktree";
import { GIT_MISSING_MESSAGE } from "@/server/git/git-error";
import { worktreeBranchName, worktreePathFor } from "@/server/git/worktree-names";
import { worktreesRoot } from "@/server/projects/worktrees-root";
import { resolveRunPlace } from "@/server/executions/resolve-run-place";
import { resetDb } from "@/test/support/db";
import { makeIssue, makeSpec } from "@/test/support/factories";
import { divergeBranches, git, tempRepos, writeFiles, type TempRepos } from "@/test/support/git-repo";
import { callRoute, setEnv } from "@/test/support/route-call";

// /api/projects against real git repositories and the real database.

let repos: TempRepos;
let restoreEnv: () => void;
let workspace: string;

beforeEach(async () => {
  await resetDb();
  repos = tempRepos("arbor-projects-");
  workspace = path.join(repos.root, "workspace");
  mkdirSync(workspace);
  restoreEnv = setEnv({ ARBOR_WORKSPACE: workspace, ARBOR_WORKSPACE_ROOTS: repos.root, ARBOR_DATA_DIR: path.join(repos.root, "data") });
});
afterEach(() => {
  restoreEnv();
  repos.cleanup();
});
afterAll(() => prisma.$disconnect());

const register = (body: unknown) => callRoute(projectsRoute.POST, { method: "POST", url: "/api/projects", body });
const list = () => callRoute(projectsRoute.GET, { url: "/api/projects" });
const show = (id: string) => callRoute(projectRoute.GET, { url: `/api/projects/${id}`, params: { id } });
const patch = (id: string, body: unknown) => callRoute(projectRoute.PATCH, { method: "PATCH", url: `/api/projects/${id}`, params: { id }, body });
const remove = (id: string) => callRoute(projectRoute.DELETE, { method: "DELETE", url: `/api/projects/${id}`, params: { id } });

describe("POST /api/projects", () => {
  it("registers a git repository: PROJ-n, its folder's name, real path, base branch = the checked-out branch", async () => {
    const repo = repos.repo("shop");
    git(repo, "checkout", "--quiet", "-b", "develop");
    symlinkSync(repo, path.join(repos.root, "via-link"));

    const res = await register({ path: path.join(repos.root, "via-link") });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      id: "PROJ-1",
      number: 1,
      name: "shop",
      path: repo,
      isGitRepo: true,
      baseBranch: "develop",
      defaultAgent: null,
      implicit: false,
      specCount: 0,
      issueCount: 0,
      executionCount: 0,
    });
    const named = await register({ path: repos.repo("api"), name: "  The API  ", baseBranch: "main", defaultAgent: "claude" });
    expect(named.status).toBe(201);
    expect(named.body).toMatchObject({ id: "PROJ-2", name: "The API", baseBranch: "main", defaultAgent: "claude" });
  });

  it("registers a plain directory (no git) without a base branch; a relative path is refused", async () => {
    mkdirSync(path.join(repos.root, "notes"));
    const relative = await register({ path: "notes" });
    expect(relative.status).toBe(422);
    expect(relative.body.error.message).toBe("path: notes is not an absolute path: give the directory's full path on the server (like /home/me/code/shop)");
    const res = await register({ path: path.join(repos.root, "notes") });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: "notes", path: path.join(repos.root, "notes"), isGitRepo: false, baseBranch: null });
    mkdirSync(path.join(repos.root, "drafts"));
    const withBranch = await register({ path: path.join(repos.root, "drafts"), baseBranch: "main" });
    expect(withBranch.status).toBe(422);
    expect(withBranch.body.error).toMatchObject({
      code: "validation_failed",
      details: { fieldErrors: { baseBranch: [expect.stringContaining("is not a git repository")] } },
    });
  });

  it("answers clear 4xx errors naming the problem, and stores nothing", async () => {
    const repo = repos.repo("app");
    writeFileSync(path.join(repos.root, "file.txt"), "x");
    const cases: [unknown, number, RegExp][] = [
      [{}, 422, /path: Path is required/],
      [{ path: "/" }, 422, /^path: \/ is outside the allowed workspace roots .*ARBOR_WORKSPACE_ROOTS/],
      [{ path: path.join(repos.root, "nope") }, 422, /^path: .*nope does not exist/],
      [{ path: path.join(repos.root, "file.txt") }, 422, /^path: .*file.txt is not a directory/],
      [{ path: path.join(repo, "src") }, 422, /does not exist/],
      [{ path: repo, baseBranch: "release" }, 422, /^baseBranch: there is no local branch named release/],
      [{ path: repo, baseBranch: "--orphan" }, 422, /^baseBranch: "--orphan" is not a branch name: it starts with -/],
      [{ path: repo, defaultAgent: "gpt-9" }, 422, /^defaultAgent: unknown agent "gpt-9" \(known: claude/],
      [{ path: repo, colour: "red" }, 422, /Unknown field: colour/],
      ["{oops", 400, /not valid JSON/],
    ];
    for (const [body, status, message] of cases) {
      const res = await register(body);
      expect({ body, status: res.status }).toEqual({ body, status });
      expect(res.body.error.message).toMatch(message);
    }
    mkdirSync(path.join(repo, "src"));
    const sub = await register({ path: path.join(repo, "src") });
    expect(sub.status).toBe(422);
    expect(sub.body.error.message).toBe(
      `path: ${path.join(repo, "src")} is inside the git repository ${repo} but is not its top level: register ${repo} instead`,
    );
    expect(await prisma.project.count()).toBe(0);
  });

  it("refuses a repository in the middle of a rebase (409), a detached HEAD without a base branch, and an empty repository", async () => {
    const repo = repos.repo("app", { "f.txt": "base\n" });
    divergeBranches(repo);
    expect(() => git(repo, "rebase", "side")).toThrow();
    const busy = await register({ path: repo });
    expect(busy.status).toBe(409);
    expect(busy.body.error.message).toBe(`The repository at ${repo} is in the middle of a rebase: finish or abort it first`);
    git(repo, "rebase", "--abort");

    git(repo, "checkout", "--quiet", "--detach");
    const detached = await register({ path: repo });
    expect(detached.status).toBe(422);
    expect(detached.body.error.message).toMatch(/^baseBranch: HEAD in .* is detached: name the base branch/);
    expect((await register({ path: repo, baseBranch: "main" })).status).toBe(201);

    const empty = path.join(repos.root, "empty");
    mkdirSync(empty);
    git(empty, "init", "--quiet", "--initial-branch=main");
    const noCommits = await register({ path: empty });
    expect(noCommits.status).toBe(422);
    expect(noCommits.body.error.message).toMatch(/has no commits yet/);
  });

  it("answers 409 naming the problem when git is missing from PATH", async () => {
    const repo = repos.repo("app");
    const restorePath = setEnv({ PATH: path.join(repos.root, "empty-bin") });
    try {
      const res = await register({ path: repo });
      expect(res.status).toBe(409);
      expect(res.body.error).toEqual({ code: "conflict", message: GIT_MISSING_MESSAGE, details: { reason: "git_missing" } });
    } finally {
      restorePath();
    }
  });

  it("registers a directory once (409 naming the project), and never reuses an id", async () => {
    const repo = repos.repo("app");
    expect((await register({ path: repo })).status).toBe(201);
    const again = await register({ path: `${repo}/` });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(`${repo} is already registered as PROJ-1 (app)`);
    expect((await remove("PROJ-1")).status).toBe(200);
    expect((await register({ path: repo })).body.id).toBe("PROJ-2");
  });
});

describe("GET /api/projects and /api/projects/:id", () => {
  it("lists projects by name beside the implicit default workspace", async () => {
    await register({ path: repos.repo("zeta") });
    await register({ path: repos.repo("alpha") });
    await makeIssue({ title: "no project" });
    const res = await list();
    expect(res.status).toBe(200);
    expect(res.body.items.map((p: { name: string }) => p.name)).toEqual(["alpha", "zeta"]);
    expect(res.body.defaultWorkspace).toEqual({
      id: "default",
      number: 0,
      name: "Default workspace",
      path: workspace,
      isGitRepo: false,
      baseBranch: null,
      defaultAgent: null,
      runHooksOnApply: false,
      mcp: true,
      checkCommand: null,
      checkTimeoutSeconds: 600,
      setupScript: null,
      copyFiles: [],
      cleanupScript: null,
      remote: null,
      permissions: null,
      implicit: true,
      archivedAt: null,
      specCount: 0,
      issueCount: 1,
      executionCount: 0,
      createdAt: null,
      updatedAt: null,
    });
  });

  it("shows live facts: repository state, Arbor's worktrees with their disk use and execution, and problems", async () => {
    const repo = repos.repo("app", { "big.bin": Buffer.alloc(100_000, 1) });
    const { body: project } = await register({ path: repo });
    const issue = await makeIssue({ projectId: project.id });
    const executionId = "2a3b4c5d-6e7f-4012-8345-6789abcdef01";
    const wtPath = worktreePathFor(worktreesRoot(), project.id, issue.id, executionId);
    const made = await createWorktree({ repo, path: wtPath, branch: worktreeBranchName(issue.id, executionId), from: "main" });
    expect(made.ok).toBe(true);
    await prisma.execution.create({
      data: {
        id: executionId,
        issueId: issue.id,
        agent: "claude",
        prompt: "p",
        cwd: wtPath,
        status: "completed",
        projectId: project.id,
        worktreePath: wtPath,
        worktreeBranch: worktreeBranchName(issue.id, executionId),
        worktreeState: "present",
      },
    });
    git(repo, "worktree", "add", "--quiet", path.join(repos.root, "persons-own"), "-b", "mine"); // not Arbor's: not listed
    writeFiles(repo, { "big.bin": "edited\n" });

    const res = await show(project.id.toLowerCase());
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: project.id,
      issueCount: 1,
      executionCount: 1,
      repository: { currentBranch: "main", head: git(repo, "rev-parse", "HEAD"), operation: null, baseBranchExists: true, uncommittedFiles: 1 },
      problems: [],
    });
    expect(res.body.worktrees).toEqual([
      {
        path: wtPath,
        branch: "arbor/ISSUE-1/2a3b4c5d",
        head: git(repo, "rev-parse", "HEAD"),
        missing: false,
        bytes: expect.any(Number),
        bytesComplete: true,
        executionId,
        spare: false,
        archived: false,
        problem: null,
      },
    ]);
    expect(res.body.worktrees[0].bytes).toBeGreaterThan(100_000);
    expect(res.body.worktreeBytes).toBe(res.body.worktrees[0].bytes);

    rmSync(wtPath, { recursive: true, force: true });
    git(repo, "branch", "-m", "main", "trunk");
    const later = await show(project.id);
    expect(later.body.worktrees[0]).toMatchObject({ missing: true, bytes: 0 });
    expect(later.body.problems).toEqual(["The base branch main no longer exists: choose another one."]);

    rmSync(repo, { recursive: true, force: true });
    expect((await show(project.id)).body.problems).toEqual([`The directory ${repo} no longer exists (or is not a directory).`]);
  });

  it('shows the default workspace as project "default"; 404 for unknown or malformed ids', async () => {
    const res = await show("default");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: "default", implicit: true, path: workspace, repository: null, worktrees: [], problems: [] });
    expect(await show("PROJ-99")).toMatchObject({ status: 404, body: { error: { message: "Project PROJ-99 not found" } } });
    expect((await show("ISSUE-1")).body.error.message).toMatch(/project ids look like PROJ-1/);
  });
});

describe("PATCH and DELETE /api/projects/:id", () => {
  it("renames, changes the base branch (which must exist) and the default agent; the path and the default workspace stay", async () => {
    const repo = repos.repo("app");
    git(repo, "branch", "release");
    const { body: project } = await register({ path: repo, defaultAgent: "claude" });
    const renamed = await patch(project.id, { name: "Shop", baseBranch: "release", defaultAgent: null });
    expect(renamed).toMatchObject({ status: 200, body: { name: "Shop", baseBranch: "release", defaultAgent: null } });
    expect((await patch(project.id, { baseBranch: "nope" })).body.error.message).toMatch(/^baseBranch: there is no local branch named nope/);
    expect((await patch(project.id, { path: "/elsewhere" })).body.error.message).toMatch(/Unknown field: path/);
    expect((await patch(project.id, {})).body.error.message).toMatch(/^Nothing to update/);
    expect((await patch("default", { name: "x" })).status).toBe(409);
    expect((await patch("PROJ-42", { name: "x" })).status).toBe(404);
  });

  it("removes a project nothing uses; otherwise 409 saying what uses it", async () => {
    const { body: project } = await register({ path: repos.repo("app") });
    const spec = await makeSpec({ projectId: project.id });
    await makeIssue({ projectId: project.id });
    await makeIssue({ projectId: project.id });
    const used = await remove(project.id);
    expect(used.status).toBe(409);
    expect(used.body.error).toMatchObject({
      code: "conflict",
      message: `Project ${project.id} is still used by 1 spec, 2 issues: move them to another project (or to none) first, or archive it instead (hidden, everything kept)`,
      details: { specCount: 1, issueCount: 2, executionCount: 0 },
    });
    await prisma.issue.updateMany({ data: { projectId: null } });
    await prisma.spec.update({ where: { id: spec.id }, data: { projectId: null } });
    expect(await remove(project.id)).toEqual({ status: 200, body: { id: project.id, deleted: true } });
    expect((await remove(project.id)).status).toBe(404);
    expect((await remove("default")).status).toBe(409);
  });

  it("archives a project that has history: hidden from the list, kept, refused for new runs, and brought back", async () => {
    const { body: project } = await register({ path: repos.repo("app") });
    await register({ path: repos.repo("other") });
    const issue = await makeIssue({ projectId: project.id });
    const archived = await patch(project.id, { archived: true });
    expect(archived.status).toBe(200);
    expect(archived.body.archivedAt).toEqual(expect.any(String));
    // Archiving again keeps the first date.
    expect((await patch(project.id, { archived: true })).body.archivedAt).toBe(archived.body.archivedAt);
    expect((await list()).body.items.map((p: { id: string }) => p.id)).toEqual(["PROJ-2"]);
    const listed = await callRoute(projectsRoute.GET, { url: "/api/projects?archived=true" });
    expect(listed.body.items.map((p: { id: string; archivedAt: string }) => [p.id, p.archivedAt])).toEqual([[project.id, archived.body.archivedAt]]);
    expect((await callRoute(projectsRoute.GET, { url: "/api/projects?archived=maybe" })).body.error.message).toMatch(/archived must be true or false/);
    // Its page and its data stay.
    expect((await show(project.id)).body).toMatchObject({ id: project.id, issueCount: 1, archivedAt: archived.body.archivedAt });
    expect(await prisma.issue.findUniqueOrThrow({ where: { id: issue.id } })).toMatchObject({ projectId: project.id });
    // No new run there.
    const run = await resolveRunPlace({ issueProjectId: project.id });
    expect(run).toMatchObject({ ok: false, error: { code: "conflict", details: { reason: "project_archived" } } });
    expect(!run.ok && run.error.message).toMatch(new RegExp(`^${project.id} \\(app\\) is archived: unarchive it`));
    expect((await patch("default", { archived: true })).status).toBe(409);

    const back = await patch(project.id, { archived: false });
    expect(back.body.archivedAt).toBeNull();
    expect((await list()).body.items.map((p: { id: string }) => p.id)).toEqual([project.id, "PROJ-2"]);
    expect(await resolveRunPlace({ issueProjectId: project.id })).toMatchObject({ ok: true, value: { projectId: project.id } });
  });
});
