import "server-only";
import { ok, type Result } from "@/lib/result";
import type { GroupDto } from "@/lib/groups/schema";
import { cancelExecution } from "@/server/executions/cancel-execution";
import { findGroup } from "@/server/groups/get-group";
import { membersOf, toGroupDto } from "@/server/groups/group-dto";

/** POST /api/groups/:id/cancel: every member still queued or running is cancelled (finished ones stay as they are). */
export async function cancelGroup(rawId: string): Promise<Result<{ group: GroupDto; cancelled: string[] }>> {
  const found = await findGroup(rawId);
  if (!found.ok) return found;
  const live = (await membersOf(found.value.id)).filter((row) => row.status === "queued" || row.status === "running");
  // Side by side: a running member's cancel is a NOTIFY to its runner, nothing to wait for.
  await Promise.all(live.map((row) => cancelExecution(row.id)));
  return ok({ group: await toGroupDto(found.value, await membersOf(found.value.id)), cancelled: live.map((row) => row.id) });
}
