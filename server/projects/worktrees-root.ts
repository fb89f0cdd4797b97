import "server-only";
import path from "node:path";
import { inheritedEnv, loadConfig } from "@/server/config/load-config";

/** Where Arbor puts the worktrees of lines of work: `$ARBOR_DATA_DIR/worktrees/<PROJ-n>/…`. */
export function worktreesRoot(env: Readonly<Record<string, string | undefined>> = inheritedEnv()): string {
  return path.join(loadConfig(env).dataDir, "worktrees");
}
