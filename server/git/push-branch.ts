import "server-only";
import { err, ok, type Result } from "@/lib/result";
import { loadConfig } from "@/server/config/load-config";
import { GitError } from "./git-error";
import { runGit } from "./run-git";

// Pushing a line of work's snapshot to the project's remote: the one git
// command of Arbor's that talks to another machine. Everything else in
// run-git.ts's safe environment still holds (no hooks, no repository
// programs); what a push needs is opened narrowly:
// - transports: https and ssh, nothing else (no ext::, no http that would send
//   credentials in the clear); a local path only when the operator allows it
//   (ARBOR_PUSH_LOCAL_REMOTES=1): git serves a local push itself, and the
//   receiving repository's own hooks would run as Arbor's user, while the
//   remote's URL is in the repository's config, which agents can write;
// - the URL pushed to is the remote's `url` read here (not a `pushurl` the
//   config may add), the same one the forge's owner/repo is read from;
// - credentials: only the operator's own git credential helpers (global
//   config), never a helper a repository's config (writable by agents) names;
//   nothing is stored by Arbor, and git's output is scrubbed of any
//   user:password@ before it is returned;
// - ssh runs as `ssh` unless the operator's global config says otherwise, and
//   the remote side is plain git-receive-pack, whatever the repository's config says.

export type PushFailure = { kind: "no_remote" | "invalid_name" | "rejected" | "failed"; message: string; reason?: string };

export interface PushedRef {
  remote: string;
  branch: string;
  commit: string;
}

const PUSH_TIMEOUT_MS = 2 * 60_000;
const SAFE_NAME = /^[A-Za-z0-9][A-Za-z0-9._/-]*$/;

/** The URL the repository's config names for `remote`, or null when it has no such remote. */
export async function remoteUrl(repo: string, remote: string): Promise<string | null> {
  if (!SAFE_NAME.test(remote)) return null;
  const out = await runGit(repo, ["config", "--get", `remote.${remote}.url`], { okExitCodes: [0, 1] });
  return out.exitCode === 0 ? out.stdout.trim() || null : null;
}

/** Whether the repository has a remote called `origin` (the default when a project names none). */
export async function hasRemote(repo: string, remote: string): Promise<boolean> {
  return (await remoteUrl(repo, remote)) !== null;
}

/** Pushes `commit` to `refs/heads/<branch>` on `remote` (no force: a branch that moved elsewhere is rejected with git's reason). */
export async function pushBranch(options: { repo: string; remote: string; branch: string; commit: string }): Promise<Result<PushedRef, PushFailure>> {
  const { repo, remote, branch, commit } = options;
  if (!SAFE_NAME.test(remote)) return err({ kind: "invalid_name", message: `"${remote}" is not a remote name Arbor pushes to` });
  if (!SAFE_NAME.test(branch) || branch.includes("..")) return err({ kind: "invalid_name", message: `"${branch}" is not a branch name Arbor pushes` });
  if (!/^[0-9a-f]{40,64}$/.test(commit)) return err({ kind: "invalid_name", message: `"${commit}" is not a commit id` });
  const url = await remoteUrl(repo, remote);
  if (!url) {
    return err({ kind: "no_remote", message: `The repository has no remote "${remote}": add it (git remote add ${remote} <url>) or set the project's remote` });
  }
  const config = [...(await operatorConfig(repo)), [`remote.${remote}.receivepack`, "git-receive-pack"] as const];
  try {
    const out = await runGit(repo, ["push", "--porcelain", "--no-verify", "--end-of-options", url, `${commit}:refs/heads/${branch}`], {
      config,
      env: { GIT_ALLOW_PROTOCOL: loadConfig().pushLocalRemotes ? "https:ssh:file" : "https:ssh", GIT_TERMINAL_PROMPT: "0" },
      okExitCodes: [0, 1, 128],
      timeoutMs: PUSH_TIMEOUT_MS,
    });
    if (out.exitCode === 0) return ok({ remote, branch, commit });
    const reason = gitReason(`${out.stdout}\n${out.stderr}`);
    const rejected = /\[rejected\]|\[remote rejected\]|non-fast-forward|fetch first/.test(out.stdout + out.stderr);
    const moved = /non-fast-forward|fetch first/.test(reason)
      ? " (the branch there has commits this turn's snapshot does not: someone pushed to it, or a later turn of the line was pushed)"
      : "";
    return err({
      kind: rejected ? "rejected" : "failed",
      message: rejected
        ? `${remote} rejected the push of ${branch}: ${reason}${moved}. Nothing was changed there.`
        : `Pushing ${branch} to ${remote} failed: ${reason}`,
      reason,
    });
  } catch (error) {
    if (error instanceof GitError && error.kind === "timeout")
      return err({ kind: "failed", message: `Pushing ${branch} to ${remote} took too long and was stopped` });
    throw error;
  }
}

/**
 * The operator's own credential settings (global config: `credential.helper`,
 * `credential.<url>.helper` as `gh auth setup-git` writes them, usernames…) and
 * ssh command, as command-level config after emptying the helpers a
 * repository's config set: its helpers never run.
 */
async function operatorConfig(repo: string): Promise<Array<readonly [string, string]>> {
  const read = async (pattern: string) => {
    const out = await runGit(repo, ["config", "--global", "--null", "--get-regexp", pattern], { okExitCodes: [0, 1] });
    if (out.exitCode !== 0) return [];
    return out.stdout
      .split("\0")
      .filter(Boolean)
      .map((entry) => {
        const newline = entry.indexOf("\n");
        return newline < 0 ? ([entry, ""] as const) : ([entry.slice(0, newline), entry.slice(newline + 1)] as const);
      });
  };
  const credentials = await read("^credential\\.");
  const ssh = (await read("^core\\.sshcommand$")).at(-1)?.[1] ?? "ssh";
  // The first, empty value clears every helper read before (git's rule, URL-scoped ones too); the operator's follow.
  return [["credential.helper", ""], ...credentials, ["core.sshCommand", ssh]];
}

/** Git's own words, the lines that say why, without hints and any credentials a URL carried. */
export function gitReason(output: string): string {
  const lines = output
    .split("\n")
    // --porcelain's "!<TAB>from:to<TAB>[rejected] (why)" reads better as "to: [rejected] (why)".
    .map((line) => line.replace(/^!\t[^:\t]*:([^\t]+)\t(.*)$/, "$1: $2"))
    .map((line) => line.replace(/\/\/[^/@\s]+@/g, "//***@").trim())
    .filter((line) => line && !line.startsWith("hint:") && !/^To\s/.test(line) && line !== "Done");
  const telling = lines.filter((line) => /^(!|error:|fatal:|remote:)/.test(line) || /rejected|denied|not found|could not|unable/i.test(line));
  return (telling.length > 0 ? telling : lines).slice(0, 4).join("; ").slice(0, 600) || "git gave no reason";
}
