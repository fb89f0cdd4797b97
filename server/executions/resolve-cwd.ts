import { mkdir, realpath, stat } from "node:fs/promises";
import path from "node:path";
import { err, ok, type Result } from "@/lib/result";
import { loadConfig, type ArborConfig } from "@/server/config/load-config";

// An agent may edit anything under its cwd, so the cwd must resolve (after
// following symlinks) inside one of ARBOR_WORKSPACE_ROOTS. The API checks it
// when an execution is created (anything else is a 400), and the runner
// checks it again right before every spawn (checkLaunchCwd), because the
// directory may have been replaced since, e.g. by a symlink leading out.

export type WorkspaceConfig = Pick<ArborConfig, "workspace" | "workspaceRoots">;

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
  const inside = realRoots.some((root) => real === root || real.startsWith(root + path.sep));
  return inside ? { ok: true, real } : { ok: false, code: "cwd_outside_roots", real, roots: realRoots };
}

/** For the API: the cwd a new execution gets (the default workspace when none is asked for). */
export async function resolveCwd(requested: string | undefined, config: WorkspaceConfig = loadConfig()): Promise<Result<string>> {
  if (requested === undefined) {
    await mkdir(config.workspace, { recursive: true });
    return ok(await realpath(config.workspace));
  }
  if (requested.includes("\0")) return err({ code: "bad_request", message: "cwd contains a NUL byte" });
  const found = await locate(path.resolve(config.workspace, requested), config.workspaceRoots);
  if (found.ok) return ok(found.real);
  if (found.code === "cwd_not_found")
    return err({ code: "bad_request", message: `cwd ${requested} ${found.notADirectory ? "is not a directory" : "does not exist"}` });
  return err({
    code: "bad_request",
    message: `cwd ${requested} is outside the allowed workspace roots (${found.roots.join(", ")}); set ARBOR_WORKSPACE_ROOTS to allow it`,
  });
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
