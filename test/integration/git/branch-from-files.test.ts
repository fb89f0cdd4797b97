import { execFileSync } from "node:child_process";
import { appendFileSync, mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { branchFromFiles } from "@/server/git/branch-from-files";
import { readRepositoryAtBranch } from "@/server/git/repository-state";
import { commitAll, git, tempRepos, type TempRepos } from "@/test/support/git-repo";

// A new run's base commit is read from the repository's files when the
// repository is an ordinary one (server/git/branch-from-files.ts): the same
// answer git gives, and null (ask git) for everything else.

let repos: TempRepos;
beforeEach(() => {
  repos = tempRepos();
});
afterEach(() => repos.cleanup());

/** Runs `fn` with a PATH whose git fails if run: whatever it answers came from files. */
async function withoutGit<T>(fn: () => Promise<T>): Promise<T> {
  const saved = process.env.PATH;
  const bin = path.join(repos.root, "bin");
  mkdirSync(bin, { recursive: true });
  writeFileSync(path.join(bin, "git"), "#!/bin/sh\necho 'not this git' >&2\nexit 97\n", { mode: 0o755 });
  process.env.PATH = bin;
  try {
    return await fn();
  } finally {
    process.env.PATH = saved;
  }
}

it("reads a loose ref, a packed one, and a loose ref newer than its packed line, as git does", async () => {
  const repo = repos.repo();
  const gitDir = path.join(repo, ".git");
  expect(await branchFromFiles(repo, "main")).toEqual({ topLevel: repo, gitDir, commit: git(repo, "rev-parse", "main") });
  git(repo, "branch", "feature/x");
  git(repo, "pack-refs", "--all");
  expect(await branchFromFiles(repo, "feature/x")).toEqual({ topLevel: repo, gitDir, commit: git(repo, "rev-parse", "feature/x") });
  const packed = git(repo, "rev-parse", "main");
  const newer = commitAll(repo, "after packing");
  expect(newer).not.toBe(packed);
  expect((await branchFromFiles(repo, "main"))?.commit).toBe(newer);
});

it("answers a new run's base without a git process, and still asks git where files do not say", async () => {
  const repo = repos.repo();
  const commit = git(repo, "rev-parse", "main");
  expect(await withoutGit(() => readRepositoryAtBranch(repo, "main"))).toEqual({
    state: { topLevel: repo, gitDir: path.join(repo, ".git"), commonDir: path.join(repo, ".git"), operation: null },
    commit,
  });
  // A branch that is not there: git's answer (here, the stand-in's failure).
  await expect(withoutGit(() => readRepositoryAtBranch(repo, "gone"))).rejects.toMatchObject({ message: expect.stringContaining("not this git") });
  expect((await readRepositoryAtBranch(repo, "gone"))?.commit).toBeNull();
  // No git on PATH at all: git's call says so, as it did before (a 409 naming the fix).
  const saved = process.env.PATH;
  process.env.PATH = path.join(repos.root, "no-bin-here");
  try {
    await expect(readRepositoryAtBranch(repo, "main")).rejects.toMatchObject({ kind: "git_missing" });
  } finally {
    process.env.PATH = saved;
  }
});

it("is null (ask git) for what only git should judge", async () => {
  const repo = repos.repo();
  // A symbolic ref; a name git's own rules must check; a branch that is not there.
  git(repo, "symbolic-ref", "refs/heads/alias", "refs/heads/main");
  expect(await branchFromFiles(repo, "alias")).toBeNull();
  for (const name of ["../../HEAD", "a..b", "x.lock", ".hidden", "-x", "gone"]) expect(await branchFromFiles(repo, name)).toBeNull();
  // A subdirectory, a path through a symlink, a linked worktree (its `.git` is a file).
  mkdirSync(path.join(repo, "sub"));
  expect(await branchFromFiles(path.join(repo, "sub"), "main")).toBeNull();
  const link = path.join(repos.root, "link");
  symlinkSync(repo, link);
  expect(await branchFromFiles(link, "main")).toBeNull();
  const linked = path.join(repos.root, "linked");
  git(repo, "worktree", "add", "--quiet", "-b", "other", linked);
  expect(await branchFromFiles(linked, "main")).toBeNull();
  // A loose ref, or its directory, that is a symlink (git may follow one; Arbor's reads never do).
  const secret = path.join(repos.root, "secret");
  writeFileSync(secret, `${git(repo, "rev-parse", "main")}\n`);
  symlinkSync(secret, path.join(repo, ".git", "refs", "heads", "pointer"));
  expect(await branchFromFiles(repo, "pointer")).toBeNull();
  mkdirSync(path.join(repos.root, "elsewhere"));
  writeFileSync(path.join(repos.root, "elsewhere", "b"), `${git(repo, "rev-parse", "main")}\n`);
  symlinkSync(path.join(repos.root, "elsewhere"), path.join(repo, ".git", "refs", "heads", "dir"));
  expect(await branchFromFiles(repo, "dir/b")).toBeNull();
  // Config that moves the work tree, makes it bare, or pulls in other config.
  const configs = [
    "[core]\n\tworktree = /elsewhere\n",
    "[core]\n\tbare = true\n",
    "[include]\n\tpath = other.conf\n",
    "[extensions]\n\tworktreeConfig = true\n",
  ];
  for (const [i, extra] of configs.entries()) {
    const other = repos.repo(`cfg-${i}`);
    appendFileSync(path.join(other, ".git", "config"), extra);
    expect(await branchFromFiles(other, "main")).toBeNull();
  }
});

it("leaves a repository another user owns to git (safe.directory)", async () => {
  if (process.getuid?.() !== 0) return; // needs root to hand the repository to someone else
  const repo = repos.repo("theirs");
  execFileSync("chown", ["-R", "nobody", repo]);
  expect(await branchFromFiles(repo, "main")).toBeNull();
  await expect(readRepositoryAtBranch(repo, "main")).rejects.toMatchObject({ kind: "unsafe_ownership" });
});
