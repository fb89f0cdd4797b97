import { updateSessionSchema } from "@/lib/sessions/schema";
import { errorResponse, resultResponse } from "@/server/http/responses";
import { readJson } from "@/server/http/validation";
import { apiRoute } from "@/server/http/api-route";
import { getSession } from "@/server/sessions/get-session";
import { updateSession } from "@/server/sessions/update-session";

export const dynamic = "force-dynamic";

type Context = { params: Promise<{ id: string }> };

/** GET /api/sessions/:ref → Session with its executions, head, issue, parent and child sessions (refs are case-insensitive: sess-3) */
export const GET = apiRoute(async (_request: Request, { params }: Context) => {
  const { id } = await params;
  return resultResponse(await getSession(id));
});

/** PATCH /api/sessions/:ref { title?, description?, archived? } → Session */
export const PATCH = apiRoute(async (request: Request, { params }: Context) => {
  const { id } = await params;
  const input = await readJson(request, updateSessionSchema);
  if (!input.ok) return errorResponse(input.error);
  return resultResponse(await updateSession(id, input.value));
});
