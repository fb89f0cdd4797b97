import { mkdir, realpath, stat } from "node:fs/promises";
import path from "node:path";
import { err, ok, type Result } from "@/lib/result";
import { loadConfig } from "@/server/config/load-config";

// An agent may edit anything under its cwd, so the cwd must resolve (after
// following symlinks) inside one of ARBOR_WORKSPACE_ROOTS. Anything else is a 400.
export async function resolveCwd(requested: string | undefined, env: Readonly<Record<string, string | undefined>> = process.env): Promise<Result<string>> {
  const config = loadConfig(env);
  if (requested === undefined) {
    await mkdir(config.workspace, { recursive: true });
    return ok(await realpath(config.workspace));
  }
  if (requested.includes("\0")) return err({ code: "bad_request", message: "cwd contains a NUL byte" });
  const absolute = path.resolve(config.workspace, requested);
  let real: string;
  try {
    real = await realpath(absolute);
  } catch {
    return err({ code: "bad_request", message: `cwd ${requested} does not exist` });
  }
  if (!(await stat(real)).isDirectory()) return err({ code: "bad_request", message: `cwd ${requested} is not a directory` });
  const roots = await Promise.all(
    config.workspaceRoots.map(async (root) => {
      await mkdir(root, { recursive: true }).catch(() => {});
      return realpath(root).catch(() => root);
    }),
  );
  const inside = roots.some((root) => real === root || real.startsWith(root + path.sep));
  if (!inside) {
    return err({
      code: "bad_request",
      message: `cwd ${requested} is outside the allowed workspace roots (${roots.join(", ")}); set ARBOR_WORKSPACE_ROOTS to allow it`,
    });
  }
  return ok(real);
}
