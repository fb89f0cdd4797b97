// arbor run ISSUE "prompt" [--agent claude] [--cwd DIR] [--follow] → POST /api/executions

import { resolve } from "node:path";
import type { Command } from "../args";
import type { Context } from "../context";
import { createExecution, resolvePrompt } from "./create";

export async function runCommand(ctx: Context, cmd: Extract<Command, { name: "run" }>): Promise<number> {
  const body: Record<string, unknown> = { issueId: cmd.issueId, prompt: await resolvePrompt(ctx, cmd.prompt) };
  if (cmd.agent !== undefined) body.agent = cmd.agent;
  // The server runs on this machine: send it an absolute path.
  if (cmd.cwd !== undefined) body.cwd = resolve(ctx.cwd, cmd.cwd);
  return createExecution(ctx, "/api/executions", body, { follow: cmd.follow, json: cmd.json });
}
