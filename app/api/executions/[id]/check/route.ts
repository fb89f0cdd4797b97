import { getExecutionCheck } from "@/server/executions/get-execution-check";
import { resultResponse } from "@/server/http/responses";
import { apiRoute } from "@/server/http/api-route";

export const dynamic = "force-dynamic";

type Context = { params: Promise<{ id: string }> };

/** GET /api/executions/:id/check → { check, output: [{stream, text}] (its end), omittedLines, droppedBytes } */
export const GET = apiRoute(async (_request: Request, { params }: Context) => {
  const { id } = await params;
  return resultResponse(await getExecutionCheck(id));
});
