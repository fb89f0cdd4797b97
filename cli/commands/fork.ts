// arbor fork <executionId> "prompt" [--fresh-session] [--follow] → POST /api/executions/:id/fork

import type { ExecutionPromptCommand } from "../args";
import { seg, type Context } from "../context";
import { createExecution, resolvePrompt } from "./create";
import { resolveExecutionId } from "../execution-ref";

export async function forkCommand(ctx: Context, cmd: ExecutionPromptCommand): Promise<number> {
  const prompt = await resolvePrompt(ctx, cmd.prompt);
  const id = await resolveExecutionId(ctx, cmd.executionId);
  return createExecution(
    ctx,
    `/api/executions/${seg(id)}/fork`,
    { prompt, ...(cmd.freshSession ? { freshSession: true } : {}), ...(cmd.permissions ? { permissions: cmd.permissions } : {}) },
    { follow: cmd.follow, json: cmd.json },
  );
}
