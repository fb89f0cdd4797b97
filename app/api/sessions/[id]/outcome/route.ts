import { markSessionSchema } from "@/lib/outcomes/schema";
import { errorResponse, resultResponse } from "@/server/http/responses";
import { readJson } from "@/server/http/validation";
import { apiRoute } from "@/server/http/api-route";
import { getSessionOutcome, markSession, unmarkSession } from "@/server/outcomes/mark-session";

export const dynamic = "force-dynamic";

type Context = { params: Promise<{ id: string }> };

/** GET /api/sessions/:id/outcome → { sessionId, mark } */
export const GET = apiRoute(async (_request: Request, { params }: Context) => resultResponse(await getSessionOutcome((await params).id)));

/** PUT /api/sessions/:id/outcome {mark: worked|failed, note?, by?, via?} → { sessionId, mark } */
export const PUT = apiRoute(async (request: Request, { params }: Context) => {
  const input = await readJson(request, markSessionSchema);
  if (!input.ok) return errorResponse(input.error);
  return resultResponse(await markSession((await params).id, input.value));
});

/** DELETE /api/sessions/:id/outcome → { sessionId, mark: null } */
export const DELETE = apiRoute(async (_request: Request, { params }: Context) => resultResponse(await unmarkSession((await params).id)));
