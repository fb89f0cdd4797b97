// Real git repositories in temp directories, for tests of server/git and
// everything built on it.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

/** Runs git synchronously with a fixed identity; returns trimmed stdout. */
export function git(cwd: string, ...args: string[]): string {
  return execFileSync("git", args, {
    cwd,
    encoding: "utf8",
    env: {
      ...process.env,
      GIT_AUTHOR_NAME: "Test Person",
      GIT_AUTHOR_EMAIL: "person@example.com",
      GIT_COMMITTER_NAME: "Test Person",
      GIT_COMMITTER_EMAIL: "person@example.com",
    },
    stdio: ["ignore", "pipe", "pipe"],
  }).trimEnd();
}

/** Writes files (creating directories) relative to `dir`. */
export function writeFiles(dir: string, files: Record<string, string | Buffer>): void {
  for (const [name, content] of Object.entries(files)) {
    const file = path.join(dir, name);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, content);
  }
}

/** Stages everything and commits; returns the new HEAD. */
export function commitAll(repo: string, message: string): string {
  git(repo, "add", "--all");
  git(repo, "commit", "--quiet", "--allow-empty", "-m", message);
  return git(repo, "rev-parse", "HEAD");
}

export interface TempRepos {
  /** A fresh directory for this test (real path). */
  root: string;
  /** A new repository at `<root>/<name>` on branch `main`, with `files` committed. */
  repo(name?: string, files?: Record<string, string | Buffer>): string;
  cleanup(): void;
}

export function tempRepos(prefix = "arbor-git-"): TempRepos {
  const root = realpathSync(mkdtempSync(path.join(os.tmpdir(), prefix)));
  return {
    root,
    repo(name = "repo", files = { "README.md": "# project\n" }) {
      const dir = path.join(root, name);
      mkdirSync(dir, { recursive: true });
      git(dir, "init", "--quiet", "--initial-branch=main");
      writeFiles(dir, files);
      commitAll(dir, "initial commit");
      return dir;
    },
    cleanup() {
      rmSync(root, { recursive: true, force: true });
    },
  };
}

/** Branches `side` and `main` that both changed f.txt since they parted: merging, rebasing or cherry-picking one onto the other stops on a conflict. */
export function divergeBranches(repo: string): void {
  git(repo, "checkout", "--quiet", "-b", "side");
  writeFiles(repo, { "f.txt": "side\n" });
  commitAll(repo, "side");
  git(repo, "checkout", "--quiet", "main");
  writeFiles(repo, { "f.txt": "main\n" });
  commitAll(repo, "main");
}
