import "server-only";
import { err, ok, type Result } from "@/lib/result";
import { GitError } from "./git-error";
import { gitReason } from "./push-branch";
import { storeCall, type LineStore } from "./line-store";
import type { StoreFailure } from "./push-to-store";
import { runGit } from "./run-git";

// Bringing a line of work's commits from the project's store (line-store.ts)
// into a repository on this machine: before a runner makes a worktree from a
// snapshot another runner took, and before the web app diffs, compares or
// applies one. Only what is missing is fetched, and only into refs Arbor owns
// (refs/arbor/…), except in a runner's own clone, which mirrors the store's
// base branch too (server/projects/project-repo.ts). No tags, no
// submodules, nothing of the other side's programs (line-store.ts).

const FETCH_TIMEOUT_MS = 5 * 60_000;

/** The refspecs of a line's commits: every snapshot and start commit the store has (objects they share travel once). */
export const LINE_REFSPECS = ["+refs/arbor/snapshots/*:refs/arbor/snapshots/*", "+refs/arbor/starts/*:refs/arbor/starts/*"] as const;

/** Whether the repository has the commit `sha` (a full id). */
export async function hasCommit(repo: string, sha: string): Promise<boolean> {
  if (!/^[0-9a-f]{40,64}$/.test(sha)) return false;
  const out = await runGit(repo, ["cat-file", "-e", "--end-of-options", `${sha}^{commit}`], { okExitCodes: [0, 1, 128] });
  return out.exitCode === 0;
}

// One fetch per repository at a time in this process: forks fanned out from
// one snapshot would otherwise race for the same ref locks, and all but one fail.
const queues = new Map<string, Promise<unknown>>();

type FetchInput = { repo: string; store: LineStore; refspecs: readonly string[]; updateHead?: boolean };

/** `git fetch <store> <refspecs>`; `updateHead`: the refs may include the branch HEAD names (a runner's own clone, whose main checkout is never used). */
export function fetchFromStore(input: FetchInput): Promise<Result<void, StoreFailure>> {
  const before = queues.get(input.repo) ?? Promise.resolve();
  const run = before.catch(() => {}).then(() => fetchNow(input));
  const tail = run.catch(() => {});
  queues.set(input.repo, tail);
  void tail.then(() => {
    if (queues.get(input.repo) === tail) queues.delete(input.repo);
  });
  return run;
}

async function fetchNow(input: FetchInput): Promise<Result<void, StoreFailure>> {
  const { repo, store, refspecs } = input;
  const call = storeCall("fetch");
  const flags = ["--quiet", "--no-tags", "--no-recurse-submodules", "--no-write-fetch-head", ...(input.updateHead ? ["--update-head-ok"] : [])];
  try {
    const out = await runGit(repo, ["fetch", ...flags, ...call.args, "--end-of-options", store.url, ...refspecs], {
      config: call.config,
      env: call.env,
      okExitCodes: [0, 1, 128],
      timeoutMs: FETCH_TIMEOUT_MS,
    });
    if (out.exitCode === 0) return ok(undefined);
    const reason = gitReason(out.stderr);
    if (/couldn't find remote ref/.test(out.stderr)) return err({ kind: "missing", message: `${store.label} has no ${reason.replace(/^.*remote ref /, "")}` });
    return err({ kind: "unreachable", message: `${store.label} cannot be reached: ${reason}` });
  } catch (error) {
    if (error instanceof GitError && error.kind === "timeout") return err({ kind: "unreachable", message: `${store.label} did not answer within 5 minutes` });
    throw error;
  }
}

/**
 * Makes sure the repository has every commit of `shas`: those it lacks are
 * fetched from the store (its snapshot and start refs). A commit the store
 * lacks too, or a store that cannot be reached, is an error naming the store;
 * nothing is fetched when nothing is missing.
 */
export async function ensureCommits(repo: string, store: LineStore | null, shas: readonly string[]): Promise<Result<void, StoreFailure>> {
  const missing = async () => (await Promise.all(shas.map(async (sha) => ((await hasCommit(repo, sha)) ? null : sha)))).filter((s) => s !== null);
  const lacking = await missing();
  if (lacking.length === 0) return ok(undefined);
  const short = lacking.map((sha) => sha.slice(0, 12)).join(", ");
  if (!store) {
    return err({
      kind: "missing",
      message: `commit ${short} is not in the repository at ${repo}, and the project has no store to fetch it from (ARBOR_GIT_STORE)`,
    });
  }
  const fetched = await fetchFromStore({ repo, store, refspecs: LINE_REFSPECS });
  const still = await missing();
  // A fetch that failed after another one brought the commits in changes nothing.
  if (!fetched.ok && still.length > 0) return fetched;
  if (still.length > 0) {
    return err({
      kind: "missing",
      message: `commit ${still.map((sha) => sha.slice(0, 12)).join(", ")} is neither in the repository at ${repo} nor in ${store.label}`,
    });
  }
  return ok(undefined);
}
