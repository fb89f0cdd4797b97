import "server-only";
import { lstat, realpath } from "node:fs/promises";
import path from "node:path";
import { ok, type Result } from "@/lib/result";
import { failure, type GitFailure } from "./git-failure";
import { runGit } from "./run-git";
import { commonDirOf, readSmallFile, readWorktreeRecords } from "./worktree-records";

// Before Arbor runs git in a linked worktree (a snapshot, a branch switch),
// it checks that the worktree is the one the project's repository records:
// a real directory whose `.git` file points at its admin directory, and that
// git itself sees that git dir and the repository's common dir there. Then
// every command names that git dir explicitly. Anything else — a `.git`
// rewritten to the main checkout's repository, another line's, a git dir of
// the agent's own, a symlink, `gitdir: /` — is refused, saying what it found.

export interface OpenWorktree {
  /** The worktree's directory. */
  path: string;
  /** Its admin directory in the project's repository: the git dir every command uses. */
  gitDir: string;
  /** The repository's shared git directory. */
  commonDir: string;
}

const same = async (a: string, b: string) => (await realpath(a).catch(() => a)) === (await realpath(b).catch(() => b));

export async function openWorktree(repo: string, worktree: string): Promise<Result<OpenWorktree, GitFailure>> {
  const dir = path.resolve(worktree);
  const info = await lstat(dir).catch(() => null);
  if (!info) return failure("not_a_worktree", { message: `the worktree ${dir} no longer exists` });
  const tampered = (what: string) =>
    failure("worktree_tampered", {
      path: dir,
      message:
        `Arbor does not run git in the worktree ${dir}: ${what}. Something in the worktree changed it (an agent's tool can), ` +
        "so Arbor keeps the line's last good snapshot (a Continue goes on from it in a fresh worktree).",
    });
  if (info.isSymbolicLink() || !info.isDirectory()) return tampered("it is no longer a directory (it was replaced by a link or a file)");
  const commonDir = await commonDirOf(repo);
  const real = await realpath(dir).catch(() => dir);
  const record = (await readWorktreeRecords(commonDir)).find((r) => r.path === dir || r.path === real);
  if (!record) return failure("not_a_worktree", { message: `${dir} is not a worktree of the repository at ${repo}` });

  const pointerFile = path.join(dir, ".git");
  const pointer = await lstat(pointerFile).catch(() => null);
  if (!pointer) return tampered("its .git file is gone");
  if (!pointer.isFile()) return tampered(`its .git is a ${pointer.isDirectory() ? "directory (a repository of its own)" : "link"}, not the file git wrote`);
  const text = (await readSmallFile(pointerFile)) ?? "";
  const target = /^gitdir: (.+?)\s*$/m.exec(text)?.[1];
  if (!target) return tampered("its .git file does not name a git dir");
  const claimed = path.resolve(dir, target);
  if (!(await same(claimed, record.adminDir)))
    return tampered(`its .git points at ${claimed}, not at ${record.adminDir}, its record in the project's repository`);

  // The pointer is the repository's own: ask git what it makes of it (the admin directory's commondir file too).
  const seen = await runGit(dir, ["rev-parse", "--path-format=absolute", "--absolute-git-dir", "--git-common-dir"], { okExitCodes: [0, 128] });
  const [gitDir = "", seenCommon = ""] = seen.stdout.split("\n");
  if (seen.exitCode !== 0 || !(await same(gitDir, record.adminDir)) || !(await same(seenCommon, commonDir))) {
    return tampered(`git sees its git dir as ${gitDir || "nothing"} and its repository as ${seenCommon || "nothing"}, not ${record.adminDir} in ${commonDir}`);
  }
  return ok({ path: dir, gitDir: record.adminDir, commonDir });
}
