// arbor continue <executionId> ["prompt"] [--with-review] [--with-check] [--fresh-session] [--follow] → POST /api/executions/:id/continue
// (--with-review / --with-check: the server composes the prompt from the line's PR review and CI, or its failing check; one's own prompt is optional then.)

import type { ExecutionPromptCommand } from "../args";
import { seg, type Context } from "../context";
import { createExecution, resolvePrompt } from "./create";
import { resolveExecutionId } from "../execution-ref";

export async function continueCommand(ctx: Context, cmd: ExecutionPromptCommand): Promise<number> {
  const carried = cmd.withReview || cmd.withCheck;
  const prompt = carried && cmd.prompt.trim() === "" ? undefined : await resolvePrompt(ctx, cmd.prompt);
  const id = await resolveExecutionId(ctx, cmd.executionId);
  return createExecution(
    ctx,
    `/api/executions/${seg(id)}/continue`,
    {
      ...(prompt !== undefined ? { prompt } : {}),
      ...(cmd.withReview ? { withReview: true } : {}),
      ...(cmd.withCheck ? { withCheck: true } : {}),
      ...(cmd.freshSession ? { freshSession: true } : {}),
      ...(cmd.permissions ? { permissions: cmd.permissions } : {}),
    },
    { follow: cmd.follow, json: cmd.json },
  );
}
