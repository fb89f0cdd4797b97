import { cleanupWorktreesSchema } from "@/lib/projects/schema";
import { errorResponse, resultResponse } from "@/server/http/responses";
import { readJson } from "@/server/http/validation";
import { apiRoute } from "@/server/http/api-route";
import { cleanupWorktrees } from "@/server/projects/cleanup-worktrees";

export const dynamic = "force-dynamic";

type Context = { params: Promise<{ id: string }> };

/**
 * POST /api/projects/:id/cleanup { deleteBranches? } → WorktreeCleanup: the worktrees of archived
 * sessions removed (never one an execution is queued or running in; branches kept unless deleteBranches)
 */
export const POST = apiRoute(async (request: Request, { params }: Context) => {
  const { id } = await params;
  const input = await readJson(request, cleanupWorktreesSchema, { whenEmpty: {} });
  if (!input.ok) return errorResponse(input.error);
  return resultResponse(await cleanupWorktrees(id, input.value));
});
