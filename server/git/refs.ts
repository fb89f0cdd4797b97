import "server-only";
import { branchNameProblem } from "@/lib/projects/branch-name";
import { runGit, type GitRunOptions } from "./run-git";

// Refs are always full names: a branch is refs/heads/<name>, so a tag (tags
// arrive with a clone) or any other ref of the same name never stands in for
// it, and revision syntax never reaches git unexamined.

type Place = Pick<GitRunOptions, "gitDir">;

const FULL_ID = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/;
const SHORT_ID = /^[0-9a-f]{4,63}$/;
// Revision suffixes a start ref may carry (main~2, v1.0^): applied to the full name it resolves to.
const SUFFIX = /^(.*?)((?:[~^][0-9]*)*)$/;

async function verifyCommit(repo: string, revision: string, place: Place): Promise<string | null> {
  const out = await runGit(repo, ["rev-parse", "--quiet", "--verify", "--end-of-options", `${revision}^{commit}`], {
    ...place,
    okExitCodes: [0, 1, 128],
  });
  return out.exitCode === 0 ? out.stdout.trim() : null;
}

/** The one commit an abbreviated id names (never a ref of that name), or null when none or several do. */
async function commitByPrefix(repo: string, prefix: string, place: Place): Promise<string | null> {
  const found = await runGit(repo, ["rev-parse", `--disambiguate=${prefix}`], { ...place, okExitCodes: [0, 1, 128], maxStdoutBytes: 64 * 1024 });
  const ids = found.exitCode === 0 ? found.stdout.split("\n").filter((line) => FULL_ID.test(line)) : [];
  if (ids.length === 0 || ids.length > 100) return null;
  const typed = await runGit(repo, ["cat-file", "--batch-check=%(objectname) %(objecttype)"], { ...place, input: `${ids.join("\n")}\n` });
  const commits = typed.stdout.split("\n").filter((line) => line.endsWith(" commit"));
  return commits.length === 1 ? commits[0]!.split(" ")[0]! : null;
}

/**
 * The full SHA of the commit `ref` names, or null when there is none: a full
 * commit id, a full ref (refs/…), HEAD, or a name looked up as a branch
 * first, then as an abbreviated commit id (unambiguous), then a tag, then a
 * remote-tracking branch — never git's own order, where a tag named `main`
 * wins over the branch. `~n`/`^n` suffixes are applied to what the name
 * resolved to; other revision syntax (@{…}, :path, ^{…}, ranges) names no commit here.
 */
export async function resolveCommit(repo: string, ref: string, place: Place = {}): Promise<string | null> {
  const [, base = "", suffix = ""] = SUFFIX.exec(ref) ?? [];
  if (base === "" || base === "@" || base.startsWith("-") || base.endsWith("/") || base.length > 1024) return null;
  if (/[\s:~^{}\\*?[]|\.\.|@\{/.test(base)) return null;
  if (FULL_ID.test(base)) return verifyCommit(repo, `${base}${suffix}`, place);
  if (base.startsWith("refs/") || base === "HEAD") return verifyCommit(repo, `${base}${suffix}`, place);
  const full = async (namespace: string) =>
    (await refExists(repo, `${namespace}${base}`, place)) ? verifyCommit(repo, `${namespace}${base}${suffix}`, place) : null;
  const branch = await full("refs/heads/");
  if (branch) return branch;
  if (SHORT_ID.test(base)) {
    const commit = await commitByPrefix(repo, base, place);
    if (commit) return suffix ? verifyCommit(repo, `${commit}${suffix}`, place) : commit;
  }
  return (await full("refs/tags/")) ?? (await full("refs/remotes/"));
}

async function refExists(repo: string, fullName: string, place: Place): Promise<boolean> {
  const out = await runGit(repo, ["show-ref", "--verify", "--quiet", "--end-of-options", fullName], { ...place, okExitCodes: [0, 1, 128] });
  return out.exitCode === 0;
}

/** The commit a local branch points at (refs/heads/<branch>), or null when there is no such branch or the name is not a branch name. */
export function branchHead(repo: string, branch: string, place: Place = {}): Promise<string | null> {
  if (branchNameProblem(branch)) return Promise.resolve(null);
  return verifyCommit(repo, `refs/heads/${branch}`, place);
}

/** True when `name` is a valid branch name: Arbor's rules (lib/projects/branch-name.ts) and git's own (`git check-ref-format --branch`, which must not rewrite it). */
export async function isValidBranchName(repo: string, name: string): Promise<boolean> {
  if (branchNameProblem(name)) return false;
  const out = await runGit(repo, ["check-ref-format", "--branch", name], { okExitCodes: [0, 128, 1] });
  return out.exitCode === 0 && out.stdout.trim() === name;
}

/** True when `ancestor` is reachable from `descendant` (commit ids). */
export async function isAncestor(repo: string, ancestor: string, descendant: string): Promise<boolean> {
  const out = await runGit(repo, ["merge-base", "--is-ancestor", "--end-of-options", ancestor, descendant], { okExitCodes: [0, 1] });
  return out.exitCode === 0;
}

/** Whether two commits share any history (`git merge-base` finds one). */
export async function haveCommonHistory(repo: string, a: string, b: string): Promise<boolean> {
  return (await mergeBase(repo, a, b)) !== null;
}

/** The best common ancestor of two commits, or null when they share no history. */
export async function mergeBase(repo: string, a: string, b: string): Promise<string | null> {
  const out = await runGit(repo, ["merge-base", "--end-of-options", a, b], { okExitCodes: [0, 1] });
  return out.exitCode === 0 ? out.stdout.trim() || null : null;
}

/** Points `ref` (a full name) at `sha` (creating it), so the commit stays reachable: git gc never drops it. */
export async function pinCommit(repo: string, ref: string, sha: string, reason: string, place: Place = {}): Promise<void> {
  await runGit(repo, ["update-ref", "-m", reason, "--end-of-options", ref, sha], place);
}
