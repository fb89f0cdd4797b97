import { z } from "zod";
import { requestObject } from "@/lib/schemas/common";
import { findExecution } from "@/server/executions/find-execution";
import { readEventPage, tailStart } from "@/server/executions/read-event-page";
import { streamExecutionEvents } from "@/server/executions/stream-execution-events";
import { errorResponse, json } from "@/server/http/responses";
import { sseResponse } from "@/server/realtime/sse";
import { readQuery } from "@/server/http/validation";
import { apiRoute } from "@/server/http/api-route";

export const dynamic = "force-dynamic";

type Context = { params: Promise<{ id: string }> };

const querySchema = requestObject({
  after: z.coerce.number().int().min(0, "after must be 0 or more").default(0),
  limit: z.coerce.number().int().min(1).max(5000, "limit is 5000 at most").default(1000),
  /** JSON only: start `tail` events before the end instead of after `after` (the log view opens at its end). */
  tail: z.coerce.number().int().min(1).max(5000, "tail is 5000 at most").optional(),
  raw: z.enum(["true", "false"]).default("false"),
});

/**
 * GET /api/executions/:id/events
 * - Accept: application/json → { events, nextAfter, after } (page with ?after=<seq>&limit=, or
 *   ?tail=<n>: the page starting n events before the end; `after` says where it started)
 * - otherwise Server-Sent Events; `Last-Event-ID` (or ?after=) resumes after that seq.
 */
export const GET = apiRoute(async (request: Request, { params }: Context) => {
  const { id } = await params;
  const found = await findExecution(id);
  if (!found.ok) return errorResponse(found.error);
  const query = readQuery(request, querySchema);
  if (!query.ok) return errorResponse(query.error);
  const execution = found.value;

  if ((request.headers.get("accept") ?? "").includes("application/json")) {
    const after = query.value.tail !== undefined ? tailStart(execution.eventCount, query.value.tail) : query.value.after;
    return json(await readEventPage(execution, { after, limit: query.value.limit, raw: query.value.raw === "true" }));
  }

  const lastEventId = Number.parseInt(request.headers.get("last-event-id") ?? "", 10);
  const after = Number.isFinite(lastEventId) && lastEventId >= 0 ? lastEventId : query.value.after;
  return sseResponse(streamExecutionEvents(execution.id, execution.agent, after, request.signal));
});
