import { execFileSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { GitError, GIT_MISSING_MESSAGE } from "@/server/git/git-error";
import { gitErrorToAppError } from "@/server/git/git-failure";
import { readRepositoryAtBranch, readRepositoryState } from "@/server/git/repository-state";
import { runGit } from "@/server/git/run-git";
import { divergeBranches, git, tempRepos, type TempRepos } from "@/test/support/git-repo";

let repos: TempRepos;
beforeEach(() => {
  repos = tempRepos();
});
afterEach(() => repos.cleanup());

/** A repository with two branches that conflict on f.txt. */
function conflictingBranches(): string {
  const repo = repos.repo("app", { "f.txt": "base\n" });
  divergeBranches(repo);
  return repo;
}

describe("readRepositoryState", () => {
  it("reads the branch, HEAD and the shared git directory", async () => {
    const repo = repos.repo();
    const state = await readRepositoryState(repo);
    expect(state).toEqual({
      topLevel: repo,
      gitDir: path.join(repo, ".git"),
      commonDir: path.join(repo, ".git"),
      branch: "main",
      head: git(repo, "rev-parse", "HEAD"),
      operation: null,
    });
    mkdirSync(path.join(repo, "sub"));
    // Only a repository at the directory itself counts, unless git may look further up (registration).
    expect(await readRepositoryState(path.join(repo, "sub"))).toBeNull();
    expect((await readRepositoryState(path.join(repo, "sub"), { discover: true }))?.topLevel).toBe(repo);
  });

  it("is null outside a repository; HEAD is null before the first commit; branch null when detached", async () => {
    const plain = path.join(repos.root, "plain");
    mkdirSync(plain);
    expect(await readRepositoryState(plain)).toBeNull();
    const empty = path.join(repos.root, "empty");
    mkdirSync(empty);
    git(empty, "init", "--quiet", "--initial-branch=trunk");
    expect(await readRepositoryState(empty)).toMatchObject({ branch: "trunk", head: null });
    const repo = repos.repo();
    git(repo, "checkout", "--quiet", "--detach");
    expect(await readRepositoryState(repo)).toMatchObject({ branch: null, head: git(repo, "rev-parse", "HEAD") });
  });

  it("detects a merge, a rebase and a cherry-pick in progress", async () => {
    const repo = conflictingBranches();
    expect(() => git(repo, "merge", "side")).toThrow();
    expect((await readRepositoryState(repo))?.operation).toBe("merge");
    git(repo, "merge", "--abort");

    expect(() => git(repo, "rebase", "side")).toThrow();
    expect((await readRepositoryState(repo))?.operation).toBe("rebase");
    git(repo, "rebase", "--abort");

    expect(() => git(repo, "cherry-pick", "side")).toThrow();
    expect((await readRepositoryState(repo))?.operation).toBe("cherry-pick");
    git(repo, "cherry-pick", "--abort");
    expect((await readRepositoryState(repo))?.operation).toBeNull();
  });
});

describe("readRepositoryAtBranch", () => {
  it("reads the repository and the branch's commit in one call; null commit for a branch that is not there or has none", async () => {
    const repo = repos.repo();
    const place = { topLevel: repo, gitDir: path.join(repo, ".git"), commonDir: path.join(repo, ".git"), operation: null };
    expect(await readRepositoryAtBranch(repo, "main")).toEqual({ state: place, commit: git(repo, "rev-parse", "main") });
    expect(await readRepositoryAtBranch(repo, "gone")).toEqual({ state: place, commit: null });
    // A name that is no branch (a tag, a commit) does not count: only refs/heads/<name> is read.
    git(repo, "tag", "v1");
    expect((await readRepositoryAtBranch(repo, "v1"))?.commit).toBeNull();
    const empty = path.join(repos.root, "empty");
    mkdirSync(empty);
    git(empty, "init", "--quiet", "--initial-branch=main");
    expect((await readRepositoryAtBranch(empty, "main"))?.commit).toBeNull();
    const plain = path.join(repos.root, "plain");
    mkdirSync(plain);
    expect(await readRepositoryAtBranch(plain, "main")).toBeNull();
    mkdirSync(path.join(repo, "sub"));
    expect(await readRepositoryAtBranch(path.join(repo, "sub"), "main")).toBeNull();
  });

  it("sees an operation in progress, as readRepositoryState does", async () => {
    const repo = conflictingBranches();
    expect(() => git(repo, "merge", "side")).toThrow();
    expect((await readRepositoryAtBranch(repo, "main"))?.state.operation).toBe("merge");
    git(repo, "merge", "--abort");
  });
});

describe("runGit", () => {
  it("throws a typed error naming the problem when git is not on PATH", async () => {
    const repo = repos.repo();
    const saved = process.env.PATH;
    process.env.PATH = path.join(repos.root, "no-bin-here");
    try {
      const error = await runGit(repo, ["status"]).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(GitError);
      expect(error).toMatchObject({ kind: "git_missing", message: GIT_MISSING_MESSAGE });
      expect(gitErrorToAppError(error as GitError)).toEqual({ code: "conflict", message: GIT_MISSING_MESSAGE, details: { reason: "git_missing" } });
    } finally {
      process.env.PATH = saved;
    }
  });

  it("throws a typed error with git's own words when a command fails, and tells a missing directory apart", async () => {
    const repo = repos.repo();
    const failed = await runGit(repo, ["rev-parse", "--verify", "no-such-ref"]).catch((e: unknown) => e);
    expect(failed).toMatchObject({ kind: "failed", details: { exitCode: 128 } });
    expect((failed as Error).message).toMatch(/git rev-parse failed in .*: fatal: Needed a single revision/);
    const missingDir = await runGit(path.join(repos.root, "absent"), ["status"]).catch((e: unknown) => e);
    expect(missingDir).toMatchObject({ kind: "failed", message: expect.stringContaining("does not exist") });
  });

  it("names the fix when git refuses a repository another user owns (safe.directory)", async () => {
    if (process.getuid?.() !== 0) return; // needs root to hand the repository to someone else
    const repo = repos.repo("theirs");
    execFileSync("chown", ["-R", "nobody", repo]);
    const error = await readRepositoryState(repo).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: "unsafe_ownership", message: expect.stringContaining(`git config --global --add safe.directory '${repo}'`) });
    expect(gitErrorToAppError(error as GitError)).toMatchObject({ code: "conflict", details: { reason: "unsafe_ownership" } });
  });

  it("ignores GIT_DIR and friends inherited from the environment", async () => {
    const a = repos.repo("a");
    const b = repos.repo("b");
    const saved = process.env.GIT_DIR;
    process.env.GIT_DIR = path.join(b, ".git");
    try {
      expect((await readRepositoryState(a))?.topLevel).toBe(a);
    } finally {
      if (saved === undefined) delete process.env.GIT_DIR;
      else process.env.GIT_DIR = saved;
    }
  });
});
