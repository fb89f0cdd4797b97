import "server-only";
import type { GitFailure } from "./git-failure";
import { repositoryDrivers } from "./repository-drivers";
import { describeOperation, readRepositoryState } from "./repository-state";
import { uncommittedFiles } from "./uncommitted-files";

// What makes Apply refuse although the merge itself is known: the state of
// the person's main checkout, and (in safe mode) a repository whose own
// filters or merge drivers would be needed to write its files. Apply refuses
// on them, changing nothing; its preview shows them so the person can fix
// them first.

/** Why the main checkout cannot take an Apply right now (mid-operation, another branch, uncommitted changes), or null. */
export async function checkoutProblem(repo: string, baseBranch: string): Promise<GitFailure | null> {
  const state = await readRepositoryState(repo);
  if (!state) return { kind: "not_a_repository", message: `${repo} is not a git repository` };
  if (state.operation) {
    return {
      kind: "busy",
      operation: state.operation,
      message: `The main checkout ${repo} is ${describeOperation(state.operation)}: finish or abort it first`,
    };
  }
  if (state.branch !== baseBranch) {
    return {
      kind: "wrong_branch",
      current: state.branch,
      expected: baseBranch,
      message: `The main checkout ${repo} is ${state.branch ? `on branch ${state.branch}` : "on a detached HEAD"}, not on the base branch ${baseBranch}: check out ${baseBranch} first`,
    };
  }
  const dirty = await uncommittedFiles(repo);
  if (dirty.length > 0) {
    const shown = dirty.slice(0, 10).join(", ") + (dirty.length > 10 ? `, … (${dirty.length} in all)` : "");
    return { kind: "dirty", files: dirty, message: `The main checkout ${repo} has uncommitted changes (${shown}): commit or stash them first` };
  }
  return null;
}

/** In safe mode: the repository's own filters or merge drivers, which writing its files would need, or null. */
export async function driversProblem(repo: string, baseBranch: string): Promise<GitFailure | null> {
  const drivers = await repositoryDrivers({ cwd: repo, globalArgs: [], discover: false });
  if (drivers.filters.length + drivers.merges.length === 0) return null;
  const named = [...drivers.filters.map((d) => `filter "${d}"`), ...drivers.merges.map((d) => `merge driver "${d}"`)].join(", ");
  return {
    kind: "repository_drivers",
    ...drivers,
    message:
      `The repository's own config defines ${named}: writing its files needs them, and Arbor runs nothing of a repository unless its project allows it. ` +
      `Nothing was changed. Allow "Run my repository's hooks on Apply" on the project's page, or merge ${baseBranch} yourself.`,
  };
}
