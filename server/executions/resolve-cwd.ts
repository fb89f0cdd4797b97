import { mkdir, realpath, stat } from "node:fs/promises";
import path from "node:path";
import { err, ok, type Result } from "@/lib/result";
import { loadConfig } from "@/server/config/load-config";
import { isWithin } from "@/server/projects/directory-relation";
import { mainCheckoutProblem, type RunIdentity } from "@/server/projects/main-checkout-rule";
import { registeredDirectories } from "@/server/projects/registered-directories";
import { defaultWorkspace, outsideRootsMessage, type WorkspaceConfig } from "@/server/projects/workspace-directories";

// An agent may edit anything under its cwd, so the cwd must resolve (after
// following symlinks) inside a directory a person or the operator allowed:
// the default workspace, a registered project's directory (registering it is
// the person's consent), or, when the operator set ARBOR_WORKSPACE_ROOTS,
// inside those only. The API checks it when an execution is created
// (resolve-run-place.ts), and the runner checks it again right before every
// spawn (checkRunCwd), because the directory may have been replaced since,
// e.g. by a symlink leading out — or into a project's main checkout, which
// no run writes into (server/projects/main-checkout-rule.ts).

export type CwdProblem = { code: "cwd_not_found" | "cwd_outside_roots"; message: string };

type Located =
  | { ok: true; real: string }
  | { ok: false; code: "cwd_not_found"; notADirectory?: boolean }
  | { ok: false; code: "cwd_outside_roots"; real: string; roots: string[] };

/** Where `absolute` really is, and whether that is a directory inside one of the roots. */
async function locate(absolute: string, roots: readonly string[]): Promise<Located> {
  // The roots are resolved side by side with the directory (a warm Continue waits for this check).
  const resolvingRoots = Promise.all(
    roots.map(async (root) => {
      await mkdir(root, { recursive: true }).catch(() => {});
      return realpath(root).catch(() => root);
    }),
  );
  let real: string;
  try {
    real = await realpath(absolute);
    if (!(await stat(real)).isDirectory()) return { ok: false, code: "cwd_not_found", notADirectory: true };
  } catch {
    return { ok: false, code: "cwd_not_found" };
  }
  const realRoots = await resolvingRoots;
  const inside = realRoots.some((root) => isWithin(real, root));
  return inside ? { ok: true, real } : { ok: false, code: "cwd_outside_roots", real, roots: realRoots };
}

/**
 * For the API: the cwd a run without a project gets — the default workspace
 * when none is asked for, else a directory inside the workspace roots (a
 * registered project's directory is matched to its project before this).
 */
export async function resolveCwd(requested: string | undefined, config: WorkspaceConfig = loadConfig()): Promise<Result<string>> {
  if (requested === undefined) return ok(await defaultWorkspace(config));
  if (requested.includes("\0")) return err({ code: "bad_request", message: "cwd contains a NUL byte" });
  const found = await locate(path.resolve(config.workspace, requested), config.workspaceRoots);
  if (found.ok) return ok(found.real);
  if (found.code === "cwd_not_found")
    return err({ code: "bad_request", message: `cwd ${requested} ${found.notADirectory ? "is not a directory" : "does not exist"}` });
  return err({ code: "bad_request", message: outsideRootsMessage(`cwd ${requested}`, found.roots, config) });
}

/** For the runner, right before a spawn: the stored cwd, resolved again; the agent runs in the real path. */
export async function checkLaunchCwd(cwd: string, roots: readonly string[]): Promise<{ ok: true; real: string } | ({ ok: false } & CwdProblem)> {
  const found = await locate(cwd, roots);
  if (found.ok) return found;
  if (found.code === "cwd_not_found") return { ok: false, code: found.code, message: `The working directory ${cwd} no longer exists (or is not a directory)` };
  return {
    ok: false,
    code: found.code,
    message: `Refusing to start the agent: its working directory ${cwd} now resolves to ${found.real}, outside the allowed workspace roots (${found.roots.join(", ")})`,
  };
}

/**
 * For the runner, right before an agent starts: its cwd resolved again
 * inside `roots` (a worktree: Arbor's worktrees root), by default the allowed
 * run roots (the default workspace or the operator's cap, and the registered
 * directories, read now), and not a registered project's main checkout unless
 * it is that project's own shared-directory run (or a run of a project that
 * is not git).
 */
export async function checkRunCwd(
  cwd: string,
  run: RunIdentity,
  config: WorkspaceConfig,
  roots?: readonly string[],
): Promise<{ ok: true; real: string } | ({ ok: false } & CwdProblem)> {
  const registered = await registeredDirectories();
  // The operator's cap wins: a project registered outside it before it was set does not count.
  const located = await checkLaunchCwd(cwd, roots ?? config.workspaceCap ?? [...config.workspaceRoots, ...registered.map((p) => p.path)]);
  if (!located.ok) return located;
  const problem = mainCheckoutProblem(located.real, run, registered);
  if (problem) return { ok: false, code: "cwd_outside_roots", message: `Refusing to start the agent: ${problem}` };
  return located;
}
