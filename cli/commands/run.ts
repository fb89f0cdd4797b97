// arbor run ISSUE "prompt" [--agent claude [--model M]] [--project PROJ] [--shared-directory] [--from REF] [--cwd DIR] [--follow] → POST /api/executions
// arbor run ISSUE "prompt" --agents claude,codex:gpt-5.5 [--project PROJ] [--from REF] → POST /api/executions/fan-out (commands/group.ts)
// arbor run ISSUE "prompt" --session SESS [--fork] [--fresh-session] → the session's head, continued (or forked):
// POST /api/executions/:head/continue|fork, as the run form's "run as" does.

import { resolve } from "node:path";
import type { Command } from "../args";
import { println, seg, type Context } from "../context";
import { createExecution, resolvePrompt, UsageError } from "./create";
import { fanOut } from "./group";

export async function runCommand(ctx: Context, cmd: Extract<Command, { name: "run" }>): Promise<number> {
  const prompt = await resolvePrompt(ctx, cmd.prompt);
  if (cmd.session !== undefined) {
    const session = await ctx.api.get<{ id?: string; issueId?: string; headExecutionId?: string | null }>(`/api/sessions/${seg(cmd.session.trim())}`);
    if (!session.headExecutionId) throw new UsageError(`${session.id ?? cmd.session} has no turn to continue from`);
    if (session.issueId && session.issueId.toUpperCase() !== cmd.issueId.trim().toUpperCase()) {
      throw new UsageError(`${session.id} belongs to ${session.issueId}, not ${cmd.issueId}`);
    }
    const mode = cmd.fork ? "fork" : "continue";
    const body = { prompt, ...(cmd.freshSession ? { freshSession: true } : {}), ...(cmd.permissions ? { permissions: cmd.permissions } : {}) };
    return createExecution(ctx, `/api/executions/${seg(session.headExecutionId)}/${mode}`, body, { follow: cmd.follow, json: cmd.json });
  }
  if (cmd.runs !== undefined) {
    const body = {
      issueId: cmd.issueId,
      prompt,
      runs: cmd.runs,
      ...(cmd.project !== undefined ? { projectId: cmd.project.trim() } : {}),
      ...(cmd.from !== undefined ? { startRef: cmd.from } : {}),
      ...(cmd.permissions ? { permissions: cmd.permissions } : {}),
    };
    return fanOut(ctx, body, { follow: cmd.follow, json: cmd.json });
  }
  const body: Record<string, unknown> = { issueId: cmd.issueId, prompt };
  if (cmd.agent !== undefined) body.agent = cmd.agent;
  if (cmd.model !== undefined) body.model = cmd.model;
  if (cmd.project !== undefined) body.projectId = cmd.project.trim();
  if (cmd.sharedDirectory) body.sharedDirectory = true;
  if (cmd.from !== undefined) body.startRef = cmd.from;
  if (cmd.permissions) body.permissions = cmd.permissions;
  // The server runs on this machine: send it an absolute path.
  if (cmd.cwd !== undefined) body.cwd = resolve(ctx.cwd, cmd.cwd);
  return createExecution(cmd.json ? ctx : sayRegistered(ctx), "/api/executions", body, { follow: cmd.follow, json: cmd.json });
}

/** A cwd in a git repository no project had registers it (the answer's registeredProject): said before the run's own line. */
function sayRegistered(ctx: Context): Context {
  const post = async <T>(path: string, body?: unknown, opts?: Parameters<Context["api"]["post"]>[2]): Promise<T> => {
    const answer = await ctx.api.post<T & { registeredProject?: { id: string; name: string; path: string } }>(path, body, opts);
    const p = answer?.registeredProject;
    if (p) println(ctx.stdout, `Registered ${p.path} as project ${p.id} (${p.name}): each line of work there gets a worktree of its own`);
    return answer;
  };
  return { ...ctx, api: Object.assign(Object.create(ctx.api), { post }) };
}
