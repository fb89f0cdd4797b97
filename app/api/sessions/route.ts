import { sessionListQuerySchema } from "@/lib/sessions/schema";
import { errorResponse, resultResponse } from "@/server/http/responses";
import { readQuery } from "@/server/http/validation";
import { apiRoute } from "@/server/http/api-route";
import { listSessions } from "@/server/sessions/list-sessions";

export const dynamic = "force-dynamic";

/** GET /api/sessions?q=&agent=&archived=false|true|all&limit= → { items: Session[] }, most recently active first */
export const GET = apiRoute(async (request: Request) => {
  const query = readQuery(request, sessionListQuerySchema);
  if (!query.ok) return errorResponse(query.error);
  return resultResponse(await listSessions(query.value));
});
