import { resultResponse } from "@/server/http/responses";
import { apiRoute } from "@/server/http/api-route";
import { getSessionConversation } from "@/server/sessions/get-session-conversation";

export const dynamic = "force-dynamic";

type Context = { params: Promise<{ id: string }> };

/** GET /api/sessions/:ref/conversation → each turn's answer, tools, files and mark, oldest first (read from stored events) */
export const GET = apiRoute(async (_request: Request, { params }: Context) => {
  const { id } = await params;
  return resultResponse(await getSessionConversation(id));
});
