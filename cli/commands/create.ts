// Shared by run / continue / fork: POST something that creates an execution
// (with an Idempotency-Key), print it, and optionally follow its log.

import { println, type Context } from "../context";
import { paint } from "../render/style";
import { renderCreated } from "../render/execution";
import type { Execution } from "../types";
import { followExecution } from "./follow";

export async function createExecution(ctx: Context, path: string, body: Record<string, unknown>, opts: { follow: boolean; json: boolean }): Promise<number> {
  const exec = await ctx.api.post<Execution>(path, body, { idempotent: true });
  if (!exec || typeof exec !== "object" || typeof exec.id !== "string") {
    throw new Error(`unexpected answer from POST ${path}: no execution id`);
  }
  if (opts.json) println(ctx.stdout, JSON.stringify(opts.follow ? { event: "execution", data: exec } : exec));
  else println(ctx.stdout, renderCreated(exec, ctx.style));
  if (!opts.follow) {
    if (!opts.json && ctx.interactive) println(ctx.stdout, paint(ctx.style, `  follow its log: arbor show ${exec.id}`, "dim"));
    return 0;
  }
  return followExecution(ctx, exec.id, { json: opts.json, known: exec });
}

/** A prompt of "-" is read from stdin. */
export async function resolvePrompt(ctx: Context, prompt: string): Promise<string> {
  if (prompt !== "-") return prompt;
  const text = (await ctx.readStdin()).replace(/\s+$/, "");
  if (text.trim() === "") throw new UsageError("the prompt read from stdin is empty");
  return text;
}

export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "UsageError";
  }
}
