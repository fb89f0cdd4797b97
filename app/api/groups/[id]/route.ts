import { getGroup } from "@/server/groups/get-group";
import { resultResponse } from "@/server/http/responses";
import { apiRoute } from "@/server/http/api-route";

export const dynamic = "force-dynamic";

type Context = { params: Promise<{ id: string }> };

/** GET /api/groups/:id (GRP-3) → Group: its members side by side (lib/groups/schema.ts). */
export const GET = apiRoute(async (_request: Request, { params }: Context) => {
  const { id } = await params;
  return resultResponse(await getGroup(id));
});
