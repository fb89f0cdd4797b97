import { mkdir, realpath, stat } from "node:fs/promises";
import path from "node:path";
import { err, ok, type Result } from "@/lib/result";
import { loadConfig } from "@/server/config/load-config";

// The directories runs may use, before any run is involved: the default
// workspace, a directory as a person named it, and the refusal for one outside
// the workspace roots. Registering a project checks its directory with these
// (inspect-directory.ts); a run's directory is decided and checked again with
// them too (server/executions/resolve-cwd.ts, resolve-run-place.ts).

export type WorkspaceConfig = { workspace: string; workspaceRoots: readonly string[]; workspaceCap: readonly string[] | null };

/** The real path of a directory as asked for (relative to the default workspace), wherever it is; a 400 naming `field` otherwise. */
export async function realDirectory(requested: string, config: WorkspaceConfig = loadConfig(), field = "cwd"): Promise<Result<string>> {
  if (requested.includes("\0")) return err({ code: "bad_request", message: `${field} contains a NUL byte` });
  try {
    const real = await realpath(path.resolve(config.workspace, requested));
    if ((await stat(real)).isDirectory()) return ok(real);
    return err({ code: "bad_request", message: `${field} ${requested} is not a directory` });
  } catch {
    return err({ code: "bad_request", message: `${field} ${requested} does not exist` });
  }
}

/** The default workspace as a real path (made when missing). */
export async function defaultWorkspace(config: WorkspaceConfig = loadConfig()): Promise<string> {
  await mkdir(config.workspace, { recursive: true });
  return realpath(config.workspace);
}

/** Why `real` is outside the roots a run without a project may use, in words (`what`: "cwd /x", "path /x"). */
export function outsideRootsMessage(what: string, roots: readonly string[], config: WorkspaceConfig): string {
  return config.workspaceCap
    ? `${what} is outside the allowed workspace roots (${roots.join(", ")}) that this server's operator set with ARBOR_WORKSPACE_ROOTS`
    : `${what} is outside the allowed workspace roots (${roots.join(", ")}): register that directory as a project to run there (or set ARBOR_WORKSPACE_ROOTS)`;
}
