// arbor show <executionId> [--json] → header from GET /api/executions/:id,
// then the log streamed from GET /api/executions/:id/events until it ends.

import type { Command } from "../args";
import { println, seg, type Context } from "../context";
import { ApiError } from "@/lib/api-error";
import { renderExecutionHeader } from "../render/execution";
import type { Execution } from "../types";
import { followExecution } from "./follow";
import { resolveExecutionId } from "../execution-ref";

export async function showCommand(ctx: Context, cmd: Extract<Command, { name: "show" }>): Promise<number> {
  const id = await resolveExecutionId(ctx, cmd.executionId);
  let exec: Execution | undefined;
  try {
    exec = await ctx.api.get<Execution>(`/api/executions/${seg(id)}`);
  } catch (err) {
    // A framework 404/405 (no API error body) means this server has no
    // single-execution endpoint: take the header from the stream instead.
    if (!(err instanceof ApiError && !err.fromApi && (err.status === 404 || err.status === 405))) throw err;
  }
  const known = exec && typeof exec === "object" && typeof exec.id === "string" ? exec : undefined;
  if (known) {
    if (cmd.json) println(ctx.stdout, JSON.stringify({ event: "execution", data: known }));
    else println(ctx.stdout, renderExecutionHeader(known, ctx.style));
  }
  return followExecution(ctx, id, { json: cmd.json, known, headerFromFirstStatus: !known });
}
