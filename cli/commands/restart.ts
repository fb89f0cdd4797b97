// arbor restart <executionId> ["prompt"] [--without-conversation] [--follow] → POST /api/executions/:id/start-fresh
// (alias: start-fresh). The failed execution's prompt, or a new one, in a new
// session; with Arbor's transcript of the conversation before it unless
// --without-conversation.

import type { Command } from "../args";
import { seg, type Context } from "../context";
import { createExecution, resolvePrompt } from "./create";
import { resolveExecutionId } from "../execution-ref";

export async function restartCommand(ctx: Context, cmd: Extract<Command, { name: "restart" }>): Promise<number> {
  const body: Record<string, unknown> = { withConversation: !cmd.withoutConversation };
  if (cmd.prompt !== undefined) body.prompt = await resolvePrompt(ctx, cmd.prompt);
  const id = await resolveExecutionId(ctx, cmd.executionId);
  return createExecution(ctx, `/api/executions/${seg(id)}/start-fresh`, body, { follow: cmd.follow, json: cmd.json });
}
