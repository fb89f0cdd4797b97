// arbor mark <exec|SESS> worked|failed|preferred [--note] [--over]  → PUT /api/executions/:id/outcome (or /api/sessions/:id/outcome)
// arbor unmark <exec|SESS> [--preferred]                          → DELETE …/outcome

import type { Command } from "../args";
import { personName, println, seg, type Context } from "../context";
import { isSessionRef } from "../insights-args";
import { renderOutcome, type OutcomeItem } from "../render/stats";
import { resolveExecutionId } from "../execution-ref";

/** A session's outcome (SESS-n), or an execution's (its id or short id). */
async function outcomePath(ctx: Context, target: string): Promise<string> {
  if (isSessionRef(target)) return `/api/sessions/${seg(target.trim())}/outcome`;
  return `/api/executions/${seg(await resolveExecutionId(ctx, target))}/outcome`;
}

export async function markCommand(ctx: Context, cmd: Extract<Command, { name: "mark" }>): Promise<number> {
  const by = personName(ctx);
  const body = {
    mark: cmd.mark,
    via: "cli",
    ...(by ? { by } : {}),
    ...(cmd.note !== undefined ? { note: cmd.note } : {}),
    ...(cmd.over ? { over: await resolveExecutionId(ctx, cmd.over) } : {}),
  };
  const outcome = await ctx.api.request<OutcomeItem>("PUT", await outcomePath(ctx, cmd.target), body);
  println(ctx.stdout, cmd.json ? JSON.stringify(outcome) : renderOutcome(outcome, ctx.style));
  return 0;
}

export async function unmarkCommand(ctx: Context, cmd: Extract<Command, { name: "unmark" }>): Promise<number> {
  if (cmd.preferred && isSessionRef(cmd.target)) {
    println(ctx.stderr, "arbor: a session has no preferred mark (prefer one of its executions' lines instead)");
    return 2;
  }
  const query = cmd.preferred ? "?mark=preferred" : "";
  const outcome = await ctx.api.request<OutcomeItem>("DELETE", `${await outcomePath(ctx, cmd.target)}${query}`, undefined);
  println(ctx.stdout, cmd.json ? JSON.stringify(outcome) : renderOutcome(outcome, ctx.style));
  return 0;
}
