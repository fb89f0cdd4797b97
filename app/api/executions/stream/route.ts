import { requestObject } from "@/lib/schemas/common";
import { text } from "@/lib/schemas/text";
import { parseId } from "@/lib/ids";
import { streamExecutionStatuses } from "@/server/executions/stream-execution-statuses";
import { errorResponse } from "@/server/http/responses";
import { sseResponse } from "@/server/realtime/sse";
import { readQuery } from "@/server/http/validation";
import { apiRoute } from "@/server/http/api-route";

export const dynamic = "force-dynamic";

const querySchema = requestObject({
  issueId: text()
    .optional()
    .refine((v) => v === undefined || parseId("issue", v) !== null, "issueId must be an issue id (e.g. ISSUE-1)"),
});

/**
 * GET /api/executions/stream[?issueId=ISSUE-7] → Server-Sent Events:
 * `status` (an Execution whose status changed), `resync` (refetch: changes may
 * have been missed), `ready`.
 */
export const GET = apiRoute(async (request: Request) => {
  const query = readQuery(request, querySchema);
  if (!query.ok) return errorResponse(query.error);
  const issueId = query.value.issueId ? parseId("issue", query.value.issueId)! : undefined;
  return sseResponse(streamExecutionStatuses({ issueId }, request.signal));
});
