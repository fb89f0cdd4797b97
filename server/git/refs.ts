import "server-only";
import { runGit } from "./run-git";

/** The full SHA of the commit `ref` names (a branch, tag, SHA, `HEAD~2`…), or null when there is none. */
export async function resolveCommit(repo: string, ref: string): Promise<string | null> {
  if (ref === "" || ref.startsWith("-")) return null;
  const out = await runGit(repo, ["rev-parse", "--quiet", "--verify", "--end-of-options", `${ref}^{commit}`], { okExitCodes: [0, 1, 128] });
  return out.exitCode === 0 ? out.stdout.trim() : null;
}

/** The commit a local branch points at, or null when there is no such branch. */
export function branchHead(repo: string, branch: string): Promise<string | null> {
  return resolveCommit(repo, `refs/heads/${branch}`);
}

/** True when `name` is a valid new branch name (`git check-ref-format --branch`). */
export async function isValidBranchName(repo: string, name: string): Promise<boolean> {
  if (name === "" || name.startsWith("-")) return false;
  const out = await runGit(repo, ["check-ref-format", "--branch", name], { okExitCodes: [0, 128, 1] });
  return out.exitCode === 0;
}

/** True when `ancestor` is reachable from `descendant`. */
export async function isAncestor(repo: string, ancestor: string, descendant: string): Promise<boolean> {
  const out = await runGit(repo, ["merge-base", "--is-ancestor", ancestor, descendant], { okExitCodes: [0, 1] });
  return out.exitCode === 0;
}

/** Points `ref` at `sha` (creating it), so the commit stays reachable: git gc never drops it. */
export async function pinCommit(repo: string, ref: string, sha: string, reason: string): Promise<void> {
  await runGit(repo, ["update-ref", "-m", reason, ref, sha]);
}
