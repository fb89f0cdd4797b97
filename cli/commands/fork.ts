// arbor fork <executionId> "prompt" [--fresh-session] [--follow] → POST /api/executions/:id/fork

import type { ExecutionPromptCommand } from "../args";
import { seg, type Context } from "../context";
import { createExecution, resolvePrompt } from "./create";

export async function forkCommand(ctx: Context, cmd: ExecutionPromptCommand): Promise<number> {
  const prompt = await resolvePrompt(ctx, cmd.prompt);
  return createExecution(
    ctx,
    `/api/executions/${seg(cmd.executionId)}/fork`,
    { prompt, ...(cmd.freshSession ? { freshSession: true } : {}) },
    { follow: cmd.follow, json: cmd.json },
  );
}
