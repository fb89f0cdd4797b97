import { readFileSync, rmSync, statSync } from "node:fs";
import { rm } from "node:fs/promises";
import path from "node:path";
import { createWorktree } from "@/server/git/create-worktree";
import { snapshotWorktree } from "@/server/git/snapshot-worktree";
import { snapshotRefName } from "@/server/git/worktree-names";
import { commitAll, git, tempRepos, writeFiles, type TempRepos } from "@/test/support/git-repo";

// Snapshots of a worktree's full state, against real git.

let repos: TempRepos;
let repo: string;
let wt: string;
let start: string;
const BRANCH = "arbor/ISSUE-1/11111111";

beforeEach(async () => {
  repos = tempRepos();
  repo = repos.repo("app", { ".gitignore": "node_modules/\n*.log\n", "src/a.ts": "a1\n", "src/b.ts": "b1\n", "docs/old.md": "old\n" });
  wt = path.join(repos.root, "wt");
  const created = await createWorktree({ repo, path: wt, branch: BRANCH, from: "main" });
  if (!created.ok) throw new Error(created.error.message);
  start = created.value.startSha;
});
afterEach(() => repos.cleanup());

const filesIn = (sha: string) => git(repo, "ls-tree", "-r", "--name-only", sha).split("\n").filter(Boolean);

describe("snapshotWorktree", () => {
  it("sees a file rewritten with the same size in the second of the checkout, snapshotted a second later (git's racily clean entries)", async () => {
    // git compares whole seconds of mtime and ctime: a same-size rewrite within the second of the
    // checkout looks unchanged unless git knows the index was written in that second too.
    await new Promise((resolve) => setTimeout(resolve, 1000 - (Date.now() % 1000) + 5));
    const fresh = path.join(repos.root, "wt-racy");
    const made = await createWorktree({ repo, path: fresh, branch: "arbor/ISSUE-1/racy", from: "main" });
    if (!made.ok) throw new Error(made.error.message);
    writeFiles(fresh, { "src/a.ts": "a2\n" });
    const file = statSync(path.join(fresh, "src/a.ts"));
    const index = statSync(git(fresh, "rev-parse", "--path-format=absolute", "--git-path", "index"));
    expect(Math.floor(file.ctimeMs / 1000)).toBe(Math.floor(index.mtimeMs / 1000)); // else this run did not set the trap
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const result = await snapshotWorktree({ repo, worktree: fresh, message: "snapshot" });
    if (!result.ok) throw new Error(result.error.message);
    expect(result.value.changed).toBe(true);
    expect(git(repo, "show", `${result.value.sha}:src/a.ts`)).toBe("a2");
  });

  it("commits tracked and untracked changes on the branch, respects .gitignore, and leaves the files as they were", async () => {
    writeFiles(wt, { "src/a.ts": "a2\n", "src/new.ts": "new\n", "node_modules/dep/index.js": "dep\n", "debug.log": "noise\n" });
    await rm(path.join(wt, "docs/old.md"));
    const mtimeBefore = statSync(path.join(wt, "src/a.ts")).mtimeMs;

    const result = await snapshotWorktree({ repo, worktree: wt, message: "Arbor snapshot of ISSUE-1", pinRef: snapshotRefName("exec-1") });
    if (!result.ok) throw new Error(result.error.message);
    const snap = result.value;
    expect(snap).toMatchObject({ parentSha: start, changed: true, onBranch: true, branch: BRANCH });
    expect(git(repo, "rev-parse", BRANCH)).toBe(snap.sha);
    expect(git(repo, "rev-parse", "refs/arbor/snapshots/exec-1")).toBe(snap.sha);
    expect(git(repo, "log", "-1", "--format=%an <%ae>|%s", snap.sha)).toBe("Arbor <arbor@localhost>|Arbor snapshot of ISSUE-1");
    expect(filesIn(snap.sha).sort()).toEqual([".gitignore", "src/a.ts", "src/b.ts", "src/new.ts"]);
    expect(git(repo, "show", `${snap.sha}:src/a.ts`)).toBe("a2");

    // The worktree: same files, untouched, and a clean status (the changes read as committed).
    expect(readFileSync(path.join(wt, "src/a.ts"), "utf8")).toBe("a2\n");
    expect(readFileSync(path.join(wt, "node_modules/dep/index.js"), "utf8")).toBe("dep\n");
    expect(statSync(path.join(wt, "src/a.ts")).mtimeMs).toBe(mtimeBefore);
    expect(git(wt, "status", "--porcelain")).toBe("");
    // Nothing else moved: the main checkout and its base branch.
    expect(git(repo, "rev-parse", "main")).toBe(start);
    expect(git(repo, "status", "--porcelain")).toBe("");
  });

  it("returns HEAD itself and makes no commit when nothing changed", async () => {
    writeFiles(wt, { "build.log": "ignored only\n" });
    const first = await snapshotWorktree({ repo, worktree: wt, message: "snap", pinRef: snapshotRefName("exec-2") });
    expect(first).toEqual({ ok: true, value: { sha: start, parentSha: start, changed: false, onBranch: true, branch: BRANCH } });
    expect(git(repo, "rev-list", "--count", BRANCH)).toBe("1");
    expect(git(repo, "rev-parse", "refs/arbor/snapshots/exec-2")).toBe(start);

    writeFiles(wt, { "src/a.ts": "changed\n" });
    const second = await snapshotWorktree({ repo, worktree: wt, message: "snap" });
    const third = await snapshotWorktree({ repo, worktree: wt, message: "snap" });
    expect(second.ok && third.ok && third.value.sha === second.value.sha && !third.value.changed).toBe(true);
  });

  it("keeps the commits the agent made itself: the snapshot builds on them", async () => {
    writeFiles(wt, { "src/a.ts": "agent commit\n" });
    const agentCommit = commitAll(wt, "agent's own commit");
    writeFiles(wt, { "src/b.ts": "after the commit\n" });
    git(wt, "add", "src/b.ts"); // staged, and then changed again
    writeFiles(wt, { "src/b.ts": "after staging\n" });

    const result = await snapshotWorktree({ repo, worktree: wt, message: "snap" });
    if (!result.ok) throw new Error(result.error.message);
    expect(result.value.parentSha).toBe(agentCommit);
    expect(git(repo, "rev-list", "--reverse", `${start}..${BRANCH}`).split("\n")).toEqual([agentCommit, result.value.sha]);
    expect(git(repo, "show", `${result.value.sha}:src/b.ts`)).toBe("after staging");

    // A snapshot with everything committed by the agent is that commit.
    writeFiles(wt, { "src/b.ts": "committed by agent\n" });
    const last = commitAll(wt, "agent again");
    expect(await snapshotWorktree({ repo, worktree: wt, message: "snap" })).toMatchObject({ ok: true, value: { sha: last, changed: false } });
  });

  it("on a detached HEAD, records the state without moving any branch; the pin keeps it", async () => {
    git(wt, "checkout", "--quiet", "--detach");
    writeFiles(wt, { "src/a.ts": "detached work\n" });
    const result = await snapshotWorktree({ repo, worktree: wt, message: "snap", pinRef: snapshotRefName("exec-3") });
    if (!result.ok) throw new Error(result.error.message);
    expect(result.value).toMatchObject({ changed: true, onBranch: false, branch: null, parentSha: start });
    expect(git(repo, "rev-parse", BRANCH)).toBe(start);
    expect(git(wt, "rev-parse", "HEAD")).toBe(start);
    expect(git(repo, "rev-parse", "refs/arbor/snapshots/exec-3")).toBe(result.value.sha);
    // The worktree's own view is unchanged: the edit is still uncommitted there.
    expect(git(wt, "status", "--porcelain")).toBe(" M src/a.ts");
  });

  it("in the middle of a merge, snapshots without moving the branch or touching the index", async () => {
    git(repo, "checkout", "--quiet", "-b", "other");
    writeFiles(repo, { "src/a.ts": "other side\n" });
    commitAll(repo, "other");
    git(repo, "checkout", "--quiet", "main");
    writeFiles(wt, { "src/a.ts": "this side\n" });
    commitAll(wt, "this");
    const head = git(wt, "rev-parse", "HEAD");
    expect(() => git(wt, "merge", "other")).toThrow(); // conflict
    const statusBefore = git(wt, "status", "--porcelain");

    const result = await snapshotWorktree({ repo, worktree: wt, message: "snap" });
    expect(result).toMatchObject({ ok: true, value: { changed: true, onBranch: false, branch: BRANCH, parentSha: head } });
    expect(git(repo, "rev-parse", BRANCH)).toBe(head);
    expect(git(wt, "status", "--porcelain")).toBe(statusBefore);
    if (result.ok) expect(git(repo, "show", `${result.value.sha}:src/a.ts`)).toContain("<<<<<<<");
  });

  it("says so when the worktree's directory vanished", async () => {
    rmSync(wt, { recursive: true, force: true });
    expect(await snapshotWorktree({ repo, worktree: wt, message: "snap" })).toMatchObject({
      ok: false,
      error: { kind: "not_a_worktree", message: expect.stringContaining("no longer exists") },
    });
  });
});
