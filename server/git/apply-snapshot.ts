import "server-only";
import { branchNameProblem } from "@/lib/projects/branch-name";
import { err, ok, type Result } from "@/lib/result";
import { checkoutProblem, driversProblem } from "./apply-readiness";
import { personIdentityEnv } from "./commit-identity";
import { failure, type GitFailure } from "./git-failure";
import { mergeIntoBase } from "./merge-into-base";
import { branchHead, haveCommonHistory, isAncestor, resolveCommit } from "./refs";
import { runGit } from "./run-git";

export type ApplyStrategy = "merge" | "squash";

export interface ApplyInput {
  /** The project's main checkout. */
  repo: string;
  baseBranch: string;
  /** The snapshot to bring in. */
  commit: string;
  /** "merge": a merge commit with the snapshot as second parent; "squash": one commit with its changes. */
  strategy: ApplyStrategy;
  message: string;
  /**
   * The person's own choice for the project: run what `git merge` would run in
   * their checkout (its hooks, filters, merge drivers, signing). Otherwise
   * nothing of the repository runs, and a repository whose own filters or
   * merge drivers are needed to write its files is refused.
   */
  repositoryHooks?: boolean;
}

type Outcome = { strategy: ApplyStrategy; baseBranch: string; previousHead: string; commit: string; repositoryHooks: boolean };
export type ApplyOutcome =
  | ({ status: "applied" } & Outcome)
  /** The base branch already contains the snapshot's changes: nothing was done. */
  | ({ status: "up_to_date" } & Outcome);

/**
 * Brings a snapshot into the base branch of the main checkout, or changes
 * nothing. Everything is decided before anything is touched: the checkout
 * must be on the base branch with no uncommitted changes to tracked files,
 * and the merge is computed in git's object store (`merge-tree
 * --write-tree`); on conflicts nothing is written and the files are listed.
 * Only then is the result committed and the branch fast-forwarded to it
 * (which also refuses to overwrite an untracked file). A snapshot with no
 * history in common with the base branch is refused, as is, in safe mode, a
 * repository whose own filters or merge drivers writing its files would need.
 */
export async function applySnapshot(input: ApplyInput): Promise<Result<ApplyOutcome, GitFailure>> {
  const { repo, baseBranch, strategy } = input;
  const repositoryHooks = input.repositoryHooks === true;
  const trust = repositoryHooks ? "repository" : "safe";
  const notABranch = branchNameProblem(baseBranch);
  if (notABranch)
    return failure("invalid_name", { name: baseBranch, message: `The project's base branch ${notABranch}: set its base branch to a branch first` });
  const notReady = await checkoutProblem(repo, baseBranch);
  if (notReady) return err(notReady);
  const baseHead = await branchHead(repo, baseBranch);
  if (!baseHead) return failure("unknown_ref", { ref: baseBranch, message: `The base branch ${baseBranch} has no commits` });
  const snapshot = await resolveCommit(repo, input.commit);
  if (!snapshot) return failure("unknown_ref", { ref: input.commit, message: `commit ${input.commit} is not in the repository at ${repo}` });

  const upToDate = { status: "up_to_date", strategy, baseBranch, previousHead: baseHead, commit: baseHead, repositoryHooks } as const;
  if (await isAncestor(repo, snapshot, baseHead)) return ok(upToDate);
  if (!(await haveCommonHistory(repo, baseHead, snapshot))) {
    return failure("unrelated_histories", {
      message:
        `This line of work has no history in common with ${baseBranch}: it started from an unrelated history (an orphan branch or another project's commit), ` +
        `so applying it would join two unrelated projects. Nothing was changed; copy the files over yourself if that is what you want.`,
    });
  }
  if (!repositoryHooks) {
    const drivers = await driversProblem(repo, baseBranch);
    if (drivers) return err(drivers);
  }

  const merged = await mergeIntoBase(repo, baseHead, snapshot, trust);
  if (merged.kind === "conflicts") {
    const { files } = merged;
    return failure("conflicts", {
      files,
      message: `Applying would conflict with ${baseBranch} in ${files.length === 1 ? "1 file" : `${files.length} files`} (${files.slice(0, 10).join(", ")}${files.length > 10 ? ", …" : ""}); nothing was changed`,
    });
  }
  if (merged.kind === "up_to_date") return ok(upToDate);
  const { tree } = merged;

  const parents = strategy === "merge" ? ["-p", baseHead, "-p", snapshot] : ["-p", baseHead];
  const commit = (
    await runGit(repo, ["commit-tree", ...parents, "-F", "-", "--end-of-options", tree], { trust, input: input.message, env: await personIdentityEnv(repo) })
  ).stdout.trim();
  const forward = await runGit(repo, ["merge", "--ff-only", "--quiet", "--end-of-options", commit], { trust, okExitCodes: [0, 1, 128] });
  if (forward.exitCode !== 0) {
    return failure("would_overwrite", {
      message: `Could not update ${baseBranch} in ${repo}, nothing was changed: ${forward.stderr.trim().split("\n").slice(0, 6).join(" ")}`,
    });
  }
  return ok({ status: "applied", strategy, baseBranch, previousHead: baseHead, commit, repositoryHooks });
}
