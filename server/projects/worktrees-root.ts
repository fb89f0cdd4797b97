import "server-only";
import { realpath } from "node:fs/promises";
import path from "node:path";
import { inheritedEnv, loadConfig } from "@/server/config/load-config";

/** Where Arbor puts the worktrees of lines of work: `$ARBOR_DATA_DIR/worktrees/<PROJ-n>/…`. */
export function worktreesRoot(env: Readonly<Record<string, string | undefined>> = inheritedEnv()): string {
  return path.join(loadConfig(env).dataDir, "worktrees");
}

/** The same, symlinks resolved (the runner records worktree paths that way); as configured while it does not exist yet. */
export async function realWorktreesRoot(env: Readonly<Record<string, string | undefined>> = inheritedEnv()): Promise<string> {
  const root = worktreesRoot(env);
  return realpath(root).catch(() => root);
}
