import "server-only";
import { invalidField, ok, type Result } from "@/lib/result";
import { branchNameProblem } from "@/lib/projects/branch-name";
import { branchHead, isValidBranchName } from "@/server/git/refs";
import type { DirectoryFacts } from "./inspect-directory";

/**
 * The base branch of a project in `directory`: the one asked for, or the
 * checked-out one. It must be a branch name (never revision syntax such as
 * main~0, checked by Arbor's rules and git's) of an existing local branch,
 * used as refs/heads/<name>. Null for a directory that is not a git
 * repository (asking for one there is an error).
 */
export async function chooseBaseBranch(directory: DirectoryFacts, requested: string | undefined): Promise<Result<string | null>> {
  const { git } = directory;
  if (!git) {
    return requested === undefined ? ok(null) : invalidField("baseBranch", `${directory.path} is not a git repository, so it has no branches`);
  }
  const branch = requested ?? git.branch;
  if (!branch) return invalidField("baseBranch", `HEAD in ${directory.path} is detached: name the base branch (e.g. main)`);
  if (!git.head && branch === git.branch) {
    return invalidField("baseBranch", `the repository at ${directory.path} has no commits yet: commit once, then register it`);
  }
  const problem = branchNameProblem(branch);
  if (problem) return invalidField("baseBranch", problem);
  if (!(await isValidBranchName(directory.path, branch))) return invalidField("baseBranch", `${JSON.stringify(branch)} is not a branch name git accepts`);
  if (!(await branchHead(directory.path, branch))) {
    return invalidField("baseBranch", `there is no local branch named ${branch} in ${directory.path}`);
  }
  return ok(branch);
}
