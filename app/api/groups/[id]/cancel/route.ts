import { cancelGroup } from "@/server/groups/cancel-group";
import { resultResponse } from "@/server/http/responses";
import { apiRoute } from "@/server/http/api-route";

export const dynamic = "force-dynamic";

type Context = { params: Promise<{ id: string }> };

/** POST /api/groups/:id/cancel → { group, cancelled }: every member still queued or running (idempotent). */
export const POST = apiRoute(async (_request: Request, { params }: Context) => {
  const { id } = await params;
  return resultResponse(await cancelGroup(id));
});
