import { cancelExecution } from "@/server/executions/cancel-execution";
import { resultResponse } from "@/server/http/responses";
import { apiRoute } from "@/server/http/api-route";

export const dynamic = "force-dynamic";

type Context = { params: Promise<{ id: string }> };

/** POST /api/executions/:id/cancel → Execution (idempotent) */
export const POST = apiRoute(async (_request: Request, { params }: Context) => {
  const { id } = await params;
  return resultResponse(await cancelExecution(id));
});
