// arbor fork <executionId> "prompt" [--agent NAME] [--model M] [--fresh-session] [--follow] → POST /api/executions/:id/fork
// arbor fork <executionId> "prompt" --agents a,b:m → POST /api/executions/fan-out from that execution (commands/group.ts)

import type { ExecutionPromptCommand } from "../args";
import { seg, type Context } from "../context";
import { createExecution, resolvePrompt } from "./create";
import { fanOut } from "./group";
import { resolveExecutionId } from "../execution-ref";

export async function forkCommand(ctx: Context, cmd: ExecutionPromptCommand): Promise<number> {
  const prompt = await resolvePrompt(ctx, cmd.prompt);
  const id = await resolveExecutionId(ctx, cmd.executionId);
  if (cmd.runs !== undefined) {
    const body = { fromExecutionId: id, prompt, runs: cmd.runs, ...(cmd.permissions ? { permissions: cmd.permissions } : {}) };
    return fanOut(ctx, body, { follow: cmd.follow, json: cmd.json });
  }
  return createExecution(
    ctx,
    `/api/executions/${seg(id)}/fork`,
    {
      prompt,
      ...(cmd.agent !== undefined ? { agent: cmd.agent } : {}),
      ...(cmd.model !== undefined ? { model: cmd.model } : {}),
      ...(cmd.freshSession ? { freshSession: true } : {}),
      ...(cmd.permissions ? { permissions: cmd.permissions } : {}),
    },
    { follow: cmd.follow, json: cmd.json },
  );
}
