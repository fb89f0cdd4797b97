import { cancelExecution } from "@/server/executions/cancel-execution";
import { resultResponse } from "@/server/http/responses";
import { withErrorHandling } from "@/server/http/with-error-handling";

export const dynamic = "force-dynamic";

type Context = { params: Promise<{ id: string }> };

/** POST /api/executions/:id/cancel → Execution (idempotent) */
export const POST = withErrorHandling(async (_request: Request, { params }: Context) => {
  const { id } = await params;
  return resultResponse(await cancelExecution(id));
});
