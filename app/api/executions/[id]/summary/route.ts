import { summarizeExecution } from "@/server/executions/summarize-execution";
import { resultResponse } from "@/server/http/responses";
import { apiRoute } from "@/server/http/api-route";

export const dynamic = "force-dynamic";

type Context = { params: Promise<{ id: string }> };

/** GET /api/executions/:id/summary → { finalAnswer, tools, files, commands, … } (for Compare) */
export const GET = apiRoute(async (_request: Request, { params }: Context) => {
  const { id } = await params;
  return resultResponse(await summarizeExecution(id));
});
