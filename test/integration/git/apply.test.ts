import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { applySnapshot } from "@/server/git/apply-snapshot";
import { createWorktree } from "@/server/git/create-worktree";
import { snapshotWorktree } from "@/server/git/snapshot-worktree";
import { commitAll, divergeBranches, git, tempRepos, writeFiles, type TempRepos } from "@/test/support/git-repo";

// Applying a snapshot to the base branch of the main checkout, against real git.

let repos: TempRepos;
let repo: string;

beforeEach(() => {
  repos = tempRepos();
  repo = repos.repo("app", { "src/a.ts": "a1\n", "src/b.ts": "b1\n" });
});
afterEach(() => repos.cleanup());

/** A worktree with `files` written and snapshotted; returns the snapshot SHA. */
async function snapshotWith(name: string, files: Record<string, string>): Promise<string> {
  const wt = path.join(repos.root, name);
  const created = await createWorktree({ repo, path: wt, branch: `arbor/ISSUE-1/${name}`, from: "main" });
  if (!created.ok) throw new Error(created.error.message);
  writeFiles(wt, files);
  const snap = await snapshotWorktree({ repo, worktree: wt, message: `snapshot ${name}` });
  if (!snap.ok) throw new Error(snap.error.message);
  return snap.value.sha;
}

const state = () => ({ head: git(repo, "rev-parse", "HEAD"), status: git(repo, "status", "--porcelain"), index: git(repo, "ls-files", "--stage") });

describe("applySnapshot", () => {
  it("merges: a merge commit on the base branch with the snapshot as second parent; the checkout shows the files", async () => {
    const snap = await snapshotWith("merge1", { "src/a.ts": "a2\n", "src/new.ts": "new\n" });
    writeFiles(repo, { "src/b.ts": "b2 on main\n" });
    const baseHead = commitAll(repo, "main moved on");

    const result = await applySnapshot({ repo, baseBranch: "main", commit: snap, strategy: "merge", message: "Apply ISSUE-1" });
    if (!result.ok) throw new Error(result.error.message);
    expect(result.value).toMatchObject({ status: "applied", strategy: "merge", baseBranch: "main", previousHead: baseHead });
    expect(git(repo, "rev-parse", "main")).toBe(result.value.commit);
    expect(git(repo, "log", "-1", "--format=%P|%s")).toBe(`${baseHead} ${snap}|Apply ISSUE-1`);
    expect(readFileSync(path.join(repo, "src/a.ts"), "utf8")).toBe("a2\n");
    expect(readFileSync(path.join(repo, "src/b.ts"), "utf8")).toBe("b2 on main\n");
    expect(git(repo, "status", "--porcelain")).toBe("");
  });

  it("squashes: one commit with the snapshot's changes and a single parent", async () => {
    const snap = await snapshotWith("squash1", { "src/a.ts": "squashed\n" });
    const baseHead = git(repo, "rev-parse", "HEAD");
    const result = await applySnapshot({ repo, baseBranch: "main", commit: snap, strategy: "squash", message: "Squash ISSUE-1" });
    if (!result.ok) throw new Error(result.error.message);
    expect(git(repo, "log", "-1", "--format=%P|%s")).toBe(`${baseHead}|Squash ISSUE-1`);
    expect(git(repo, "show", "HEAD:src/a.ts")).toBe("squashed");
    expect(() => git(repo, "merge-base", "--is-ancestor", snap, "HEAD")).toThrow(); // not merged: squashed
    // Applying again finds nothing to do.
    expect(await applySnapshot({ repo, baseBranch: "main", commit: snap, strategy: "squash", message: "again" })).toMatchObject({
      ok: true,
      value: { status: "up_to_date" },
    });
  });

  it("on conflicts changes nothing and lists the conflicting files", async () => {
    const snap = await snapshotWith("conflict1", { "src/a.ts": "theirs\n", "src/b.ts": "theirs too\n", "src/fine.ts": "ok\n" });
    writeFiles(repo, { "src/a.ts": "ours\n", "src/b.ts": "ours too\n" });
    commitAll(repo, "conflicting change");
    const before = state();

    const result = await applySnapshot({ repo, baseBranch: "main", commit: snap, strategy: "merge", message: "m" });
    expect(result).toMatchObject({
      ok: false,
      error: { kind: "conflicts", files: ["src/a.ts", "src/b.ts"], message: expect.stringContaining("nothing was changed") },
    });
    expect(state()).toEqual(before);
    expect(existsSync(path.join(repo, "src/fine.ts"))).toBe(false);
    expect(existsSync(path.join(repo, ".git/MERGE_HEAD"))).toBe(false);
  });

  it("refuses a checkout with uncommitted changes, naming them, and one that is not on the base branch", async () => {
    const snap = await snapshotWith("refuse1", { "src/a.ts": "x\n" });
    writeFiles(repo, { "src/b.ts": "edited, not committed\n" });
    const dirty = await applySnapshot({ repo, baseBranch: "main", commit: snap, strategy: "merge", message: "m" });
    expect(dirty).toMatchObject({
      ok: false,
      error: { kind: "dirty", files: ["src/b.ts"], message: expect.stringContaining("uncommitted changes (src/b.ts)") },
    });
    git(repo, "checkout", "--quiet", "--", "src/b.ts");

    git(repo, "checkout", "--quiet", "-b", "feature");
    const wrong = await applySnapshot({ repo, baseBranch: "main", commit: snap, strategy: "merge", message: "m" });
    expect(wrong).toMatchObject({
      ok: false,
      error: { kind: "wrong_branch", current: "feature", expected: "main", message: expect.stringContaining("on branch feature, not on the base branch main") },
    });
    git(repo, "checkout", "--quiet", "--detach");
    const detached = await applySnapshot({ repo, baseBranch: "main", commit: snap, strategy: "merge", message: "m" });
    expect(detached).toMatchObject({ ok: false, error: { kind: "wrong_branch", current: null, message: expect.stringContaining("detached HEAD") } });
  });

  it("an untracked file in the way stops it before anything changes; untracked files elsewhere do not", async () => {
    const snap = await snapshotWith("untracked1", { "src/added.ts": "from the agent\n" });
    writeFiles(repo, { "notes.txt": "mine, untracked\n" });
    const ok = await applySnapshot({ repo, baseBranch: "main", commit: snap, strategy: "squash", message: "ok" });
    expect(ok).toMatchObject({ ok: true, value: { status: "applied" } });

    const snap2 = await snapshotWith("untracked2", { "src/other.ts": "agent\n" });
    writeFiles(repo, { "src/other.ts": "person's untracked file\n" });
    const before = state();
    const blocked = await applySnapshot({ repo, baseBranch: "main", commit: snap2, strategy: "merge", message: "m" });
    expect(blocked).toMatchObject({ ok: false, error: { kind: "would_overwrite", message: expect.stringContaining("untracked") } });
    expect(state()).toEqual(before);
    expect(readFileSync(path.join(repo, "src/other.ts"), "utf8")).toBe("person's untracked file\n");
  });

  it("refuses while the main checkout is in the middle of a rebase or merge", async () => {
    const snap = await snapshotWith("busy1", { "src/a.ts": "x\n" });
    divergeBranches(repo);
    expect(() => git(repo, "merge", "side")).toThrow();
    const result = await applySnapshot({ repo, baseBranch: "main", commit: snap, strategy: "merge", message: "m" });
    expect(result).toMatchObject({ ok: false, error: { kind: "busy", operation: "merge", message: expect.stringContaining("in the middle of a merge") } });
  });
});
