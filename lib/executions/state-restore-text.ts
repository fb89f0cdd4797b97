import type { StateRestore } from "@/lib/executions/execution-schema";
import { formatBytes } from "@/lib/projects/format-bytes";

/**
 * One sentence on the agent's session state Arbor wrote back before a turn
 * (issue 24), for the execution page and `arbor show`; null when nothing was
 * needed (the runner had the session already).
 */
export function stateRestoreText(restore: StateRestore | null | undefined): string | null {
  if (!restore) return null;
  if ("error" in restore)
    return `The agent's session state could not be restored (${restore.error}): the turn went on with what this machine had, and had the agent refused it, from Arbor's transcript.`;
  const files = `${restore.files} file${restore.files === 1 ? "" : "s"}`;
  const from = restore.fromRunnerId ? ` (last stored by runner ${restore.fromRunnerId})` : "";
  return `Restored from Arbor's copy${from}: ${files}, ${formatBytes(restore.bytes)}, in ${restore.ms} ms.`;
}
