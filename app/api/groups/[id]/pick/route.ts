import { pickSchema } from "@/lib/groups/schema";
import { pickGroupMember } from "@/server/groups/pick-group-member";
import { errorResponse, resultResponse } from "@/server/http/responses";
import { readJson } from "@/server/http/validation";
import { apiRoute } from "@/server/http/api-route";

export const dynamic = "force-dynamic";

type Context = { params: Promise<{ id: string }> };

/** POST /api/groups/:id/pick { executionId, apply?, archiveOthers?, note?, via? } → { group, applied, archived }; 409 (nothing changed) when apply cannot. */
export const POST = apiRoute(async (request: Request, { params }: Context) => {
  const { id } = await params;
  const input = await readJson(request, pickSchema);
  if (!input.ok) return errorResponse(input.error);
  return resultResponse(await pickGroupMember(id, input.value));
});
