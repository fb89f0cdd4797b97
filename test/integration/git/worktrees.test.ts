import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { rm } from "node:fs/promises";
import path from "node:path";
import { createWorktree } from "@/server/git/create-worktree";
import { diskBudget, diskUsage, worktreeDiskUsage } from "@/server/git/disk-usage";
import { GitError } from "@/server/git/git-error";
import { listWorktrees } from "@/server/git/list-worktrees";
import { removeWorktree } from "@/server/git/remove-worktree";
import { listSpares, prepareSpareWorktree } from "@/server/git/spare-worktrees";
import { snapshotRefName, startRefName, worktreeBranchName, worktreePathFor } from "@/server/git/worktree-names";
import { commitAll, git, tempRepos, writeFiles, type TempRepos } from "@/test/support/git-repo";

// Worktrees against real git in temp repositories.

const EXEC = "1f2e3d4c-5b6a-4789-8abc-def012345678";
let repos: TempRepos;
beforeEach(() => {
  repos = tempRepos();
});
afterEach(() => repos.cleanup());

const branches = (repo: string) => git(repo, "for-each-ref", "--format=%(refname:short)", "refs/heads").split("\n").filter(Boolean);

describe("createWorktree", () => {
  it("checks out a new branch arbor/<ISSUE-n>/<short id> from the base branch's HEAD, under the given root", async () => {
    const repo = repos.repo("app", { "src/a.ts": "export const a = 1;\n" });
    const head = git(repo, "rev-parse", "HEAD");
    const branch = worktreeBranchName("ISSUE-3", EXEC);
    expect(branch).toBe("arbor/ISSUE-3/1f2e3d4c");
    const target = worktreePathFor(path.join(repos.root, "data", "worktrees"), "PROJ-1", "ISSUE-3", EXEC);
    expect(target).toBe(path.join(repos.root, "data", "worktrees", "PROJ-1", "ISSUE-3-1f2e3d4c"));

    const created = await createWorktree({ repo, path: target, branch, from: "main", pinRef: startRefName(EXEC) });
    expect(created).toEqual({ ok: true, value: { path: target, branch, startSha: head, fromSpare: false } });
    expect(git(target, "rev-parse", "--abbrev-ref", "HEAD")).toBe(branch);
    expect(git(target, "status", "--porcelain")).toBe("");
    expect(git(repo, "rev-parse", `refs/arbor/starts/${EXEC}`)).toBe(head);
    // The main checkout is untouched.
    expect(git(repo, "rev-parse", "--abbrev-ref", "HEAD")).toBe("main");
    const listed = await listWorktrees(repo);
    expect(listed.map((w) => [w.path, w.branch, w.main, w.missing])).toEqual([
      [repo, "main", true, false],
      [target, branch, false, false],
    ]);
  });

  it("starts from any commit, e.g. a snapshot", async () => {
    const repo = repos.repo();
    const first = git(repo, "rev-parse", "HEAD");
    writeFiles(repo, { "later.txt": "later\n" });
    commitAll(repo, "later");
    const target = path.join(repos.root, "wt");
    const created = await createWorktree({ repo, path: target, branch: "arbor/ISSUE-1/aaaa0000", from: first });
    expect(created.ok && created.value.startSha).toBe(first);
    expect(existsSync(path.join(target, "later.txt"))).toBe(false);
  });

  it("refuses an unknown ref, an invalid or existing branch, an existing path — creating nothing", async () => {
    const repo = repos.repo();
    const target = path.join(repos.root, "wt");
    const unknown = await createWorktree({ repo, path: target, branch: "arbor/x", from: "no-such-branch" });
    expect(unknown).toMatchObject({ ok: false, error: { kind: "unknown_ref", message: expect.stringContaining("no-such-branch") } });
    const invalid = await createWorktree({ repo, path: target, branch: "bad..name", from: "main" });
    expect(invalid).toMatchObject({ ok: false, error: { kind: "invalid_name" } });
    const dash = await createWorktree({ repo, path: target, branch: "-f", from: "main" });
    expect(dash).toMatchObject({ ok: false, error: { kind: "invalid_name" } });
    git(repo, "branch", "taken");
    const taken = await createWorktree({ repo, path: target, branch: "taken", from: "main" });
    expect(taken).toMatchObject({ ok: false, error: { kind: "already_exists", what: "branch" } });
    writeFiles(repos.root, { "wt/file": "x" });
    const occupied = await createWorktree({ repo, path: target, branch: "arbor/new", from: "main" });
    expect(occupied).toMatchObject({ ok: false, error: { kind: "already_exists", what: "path" } });
    expect(branches(repo).sort()).toEqual(["main", "taken"]);
    expect((await listWorktrees(repo)).length).toBe(1);
  });

  it("is atomic: when a step fails after git made the worktree, no branch, directory or worktree record is left", async () => {
    const repo = repos.repo();
    const target = path.join(repos.root, "wt");
    // An invalid pin ref makes the last step fail.
    await expect(createWorktree({ repo, path: target, branch: "arbor/ISSUE-1/bbbb0000", from: "main", pinRef: "refs/arbor/bad..ref" })).rejects.toBeInstanceOf(
      GitError,
    );
    expect(existsSync(target)).toBe(false);
    expect(branches(repo)).toEqual(["main"]);
    expect((await listWorktrees(repo)).length).toBe(1);
    expect(git(repo, "worktree", "list", "--porcelain")).not.toContain("prunable");
  });

  it("treats branch names and paths as data, never as options or shell text", async () => {
    const repo = repos.repo();
    const target = path.join(repos.root, "dir with spaces; $(touch pwned)");
    // A valid ref name full of shell syntax.
    const branch = "arbor/$(touch${IFS}pwned2);`touch${IFS}pwned3`|&>x";
    const created = await createWorktree({ repo, path: target, branch, from: "main" });
    expect(created).toMatchObject({ ok: true, value: { branch } });
    expect(git(target, "rev-parse", "--abbrev-ref", "HEAD")).toBe(branch);
    for (const dir of [repos.root, repo, target]) {
      for (const name of ["pwned", "pwned2", "pwned3", "x"]) expect(existsSync(path.join(dir, name))).toBe(false);
    }
  });
});

describe("spare checkouts", () => {
  it("claims a spare made ahead of time: moved into place and switched to the new branch at the start commit", async () => {
    const repo = repos.repo("app", { "a.txt": "one\n", "b.txt": "b\n" });
    const first = git(repo, "rev-parse", "HEAD");
    const spareDir = path.join(repos.root, "worktrees", "PROJ-1");
    const spare = await prepareSpareWorktree({ repo, dir: spareDir, from: "main" });
    expect(spare.ok && path.basename(spare.value).startsWith(".spare-")).toBe(true);
    // The base branch moves on after the spare was made.
    writeFiles(repo, { "a.txt": "two\n" });
    const second = commitAll(repo, "later");

    const target = path.join(spareDir, "ISSUE-1-aaaaaaaa");
    const created = await createWorktree({ repo, path: target, branch: "arbor/ISSUE-1/aaaaaaaa", from: "main", spareDir });
    expect(created).toEqual({ ok: true, value: { path: target, branch: "arbor/ISSUE-1/aaaaaaaa", startSha: second, fromSpare: true } });
    expect(await listSpares(spareDir)).toEqual([]);
    expect(git(target, "rev-parse", "--abbrev-ref", "HEAD")).toBe("arbor/ISSUE-1/aaaaaaaa");
    expect(git(target, "status", "--porcelain", "--untracked-files=all")).toBe("");
    expect(readFileSync(path.join(target, "a.txt"), "utf8")).toBe("two\n");
    expect((await listWorktrees(repo)).map((w) => w.path)).toEqual([repo, target]);
    expect(first).not.toBe(second);

    // No spare left: a fresh checkout.
    const fresh = await createWorktree({ repo, path: path.join(spareDir, "ISSUE-1-bbbbbbbb"), branch: "arbor/ISSUE-1/bbbbbbbb", from: first, spareDir });
    expect(fresh).toMatchObject({ ok: true, value: { fromSpare: false, startSha: first } });
  });

  it("falls back to a fresh checkout when a spare cannot be switched, leaving nothing behind", async () => {
    const repo = repos.repo("app", { "a.txt": "one\n" });
    const spareDir = path.join(repos.root, "spares");
    const spare = await prepareSpareWorktree({ repo, dir: spareDir, from: "main" });
    if (!spare.ok) throw new Error(spare.error.message);
    writeFiles(spare.value, { "a.txt": "someone edited the spare\n" });
    writeFiles(repo, { "a.txt": "two\n" });
    commitAll(repo, "later");
    const target = path.join(repos.root, "wt");
    const created = await createWorktree({ repo, path: target, branch: "arbor/ISSUE-1/cccccccc", from: "main", spareDir });
    expect(created).toMatchObject({ ok: true, value: { fromSpare: false } });
    expect(readFileSync(path.join(target, "a.txt"), "utf8")).toBe("two\n");
    expect((await listWorktrees(repo)).map((w) => w.path)).toEqual([repo, target]);
    expect(existsSync(spare.value)).toBe(false);
  });
});

describe("removeWorktree, disk usage", () => {
  it("removes a worktree and keeps its branch unless asked; never the main checkout, never a branch Arbor did not make", async () => {
    const repo = repos.repo();
    const a = path.join(repos.root, "wt-a");
    const b = path.join(repos.root, "wt-b");
    await createWorktree({ repo, path: a, branch: "arbor/ISSUE-1/aaaaaaaa", from: "main" });
    await createWorktree({ repo, path: b, branch: "arbor/ISSUE-1/bbbbbbbb", from: "main" });
    writeFiles(a, { "scratch.txt": "uncommitted\n", "node_modules/x.js": "ignored?\n" });

    const keep = await removeWorktree({ repo, path: a, branch: "arbor/ISSUE-1/aaaaaaaa" });
    expect(keep).toEqual({
      ok: true,
      value: { path: a, branch: "arbor/ISSUE-1/aaaaaaaa", wasMissing: false, recordRemoved: true, branchDeleted: false, branchKept: null },
    });
    expect(existsSync(a)).toBe(false);
    expect(branches(repo)).toContain("arbor/ISSUE-1/aaaaaaaa");

    const drop = await removeWorktree({ repo, path: b, branch: "arbor/ISSUE-1/bbbbbbbb", deleteBranch: true });
    expect(drop).toMatchObject({ ok: true, value: { branchDeleted: true } });
    expect(branches(repo)).toEqual(["arbor/ISSUE-1/aaaaaaaa", "main"]);
    const c = path.join(repos.root, "wt-c");
    await createWorktree({ repo, path: c, branch: "arbor/ISSUE-1/cccccccc", from: "main" });
    expect(await removeWorktree({ repo, path: c, branch: "main", deleteBranch: true })).toMatchObject({
      ok: true,
      value: { branchDeleted: false, branchKept: "main is not a branch Arbor made" },
    });

    expect(await removeWorktree({ repo, path: repo })).toMatchObject({
      ok: false,
      error: { kind: "not_a_worktree", message: expect.stringContaining("main checkout") },
    });
    mkdirSync(path.join(repos.root, "elsewhere"));
    expect(await removeWorktree({ repo, path: path.join(repos.root, "elsewhere") })).toMatchObject({ ok: false, error: { kind: "not_a_worktree" } });
    expect(existsSync(path.join(repos.root, "elsewhere"))).toBe(true);
  });

  it("forgets a worktree whose directory vanished, and only that one: branches, snapshots and other missing worktrees stay", async () => {
    const repo = repos.repo();
    const gone = path.join(repos.root, "gone");
    const kept = path.join(repos.root, "kept");
    await createWorktree({ repo, path: gone, branch: "arbor/ISSUE-2/cccccccc", from: "main" });
    await createWorktree({ repo, path: kept, branch: "arbor/ISSUE-2/dddddddd", from: "main" });
    git(repo, "update-ref", snapshotRefName("some-execution"), "HEAD");
    await rm(gone, { recursive: true, force: true });

    expect((await listWorktrees(repo)).find((w) => w.path === gone)?.missing).toBe(true);
    await rm(kept, { recursive: true, force: true });
    expect(await removeWorktree({ repo, path: gone })).toMatchObject({ ok: true, value: { wasMissing: true, recordRemoved: true } });
    expect((await listWorktrees(repo)).map((w) => [w.path, w.missing])).toEqual([
      [repo, false],
      [kept, true],
    ]);
    expect(branches(repo)).toContain("arbor/ISSUE-2/cccccccc");
    expect(git(repo, "rev-parse", snapshotRefName("some-execution"))).toBe(git(repo, "rev-parse", "HEAD"));
    expect(await removeWorktree({ repo, path: gone })).toMatchObject({ ok: true, value: { wasMissing: true, recordRemoved: false } });
  });

  it("measures the disk a worktree uses, its admin directory included", async () => {
    const repo = repos.repo("big", { "data.bin": Buffer.alloc(200_000, 7) });
    const target = path.join(repos.root, "wt");
    await createWorktree({ repo, path: target, branch: "arbor/ISSUE-1/eeeeeeee", from: "main" });
    const own = await diskUsage(target);
    const total = await worktreeDiskUsage(target, path.join(repo, ".git", "worktrees", "wt"));
    expect(own).toEqual({ bytes: expect.any(Number), complete: true });
    expect(own.bytes).toBeGreaterThanOrEqual(200_000);
    expect(total.bytes).toBeGreaterThan(own.bytes); // + .git/worktrees/wt (index, HEAD)
    expect(await diskUsage(path.join(repos.root, "nothing-here"))).toEqual({ bytes: 0, complete: true });
    // A budget that runs out says so: the count is a lower bound.
    expect(await diskUsage(target, diskBudget(60_000, 2))).toEqual({ bytes: expect.any(Number), complete: false });
  });
});
