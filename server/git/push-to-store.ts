import "server-only";
import { err, ok, type Result } from "@/lib/result";
import { GitError } from "./git-error";
import { gitReason } from "./push-branch";
import { storeCall, type LineStore } from "./line-store";
import { runGit } from "./run-git";

// A snapshot on its way to the project's store (line-store.ts), so a runner
// on another machine can go on from it. Only Arbor's own refs are forced
// (refs/arbor/…: a line's tip moves with each turn, and a snapshot ref is
// written once); a branch (refs/heads/…, the base branch a directory store
// is seeded with) only ever moves forward: a store whose branch moved
// elsewhere keeps it, and the push says so. Every ref is its own update:
// one refused leaves the others pushed.

export type StoreFailure = { kind: "unreachable" | "rejected" | "missing" | "invalid"; message: string };

export interface RefUpdate {
  sha: string;
  /** A full ref name on the store: refs/arbor/… or refs/heads/…. */
  ref: string;
}

const PUSH_TIMEOUT_MS = 2 * 60_000;
const SHA = /^[0-9a-f]{40}(?:[0-9a-f]{24})?$/;
const REF = /^refs\/(?:arbor|heads)\/[A-Za-z0-9._/-]+$/;

export async function pushToStore(input: { repo: string; store: LineStore; updates: readonly RefUpdate[] }): Promise<Result<void, StoreFailure>> {
  const { repo, store, updates } = input;
  for (const u of updates) {
    if (!SHA.test(u.sha) || !REF.test(u.ref) || u.ref.includes("..") || u.ref.endsWith(".lock") || u.ref.endsWith("/")) {
      return err({ kind: "invalid", message: `Arbor does not push ${u.sha.slice(0, 12)} to ${u.ref}` });
    }
  }
  if (updates.length === 0) return ok(undefined);
  const refspecs = updates.map((u) => `${u.ref.startsWith("refs/arbor/") ? "+" : ""}${u.sha}:${u.ref}`);
  const call = storeCall("push");
  try {
    const out = await runGit(repo, ["push", "--porcelain", "--no-verify", ...call.args, "--end-of-options", store.url, ...refspecs], {
      config: call.config,
      env: call.env,
      okExitCodes: [0, 1, 128],
      timeoutMs: PUSH_TIMEOUT_MS,
    });
    if (out.exitCode === 0) return ok(undefined);
    const reason = gitReason(`${out.stdout}\n${out.stderr}`);
    const rejected = /\[rejected\]|\[remote rejected\]/.test(out.stdout);
    return err({
      kind: rejected ? "rejected" : "unreachable",
      message: rejected ? `${store.label} refused part of the push: ${reason}` : `${store.label} cannot be reached: ${reason}`,
    });
  } catch (error) {
    if (error instanceof GitError && error.kind === "timeout") return err({ kind: "unreachable", message: `${store.label} did not answer within 2 minutes` });
    throw error;
  }
}
