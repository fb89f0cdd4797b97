import type { EffectivePermissions } from "@/lib/permissions/schema";
import { planLaunch, resolveAgentRuntime } from "@/server/agents/plan-launch";
import type { Execution } from "@/server/generated/prisma/client";
import { loadTurnPermissions } from "@/server/permissions/load-turn-permissions";
import { adaptLaunch, type PreparedLaunch } from "@/server/runner/agent-io/agent-adapter";
import { mcpUrlFor, mintMcpGrant, type McpGrant } from "@/server/runner/turn/attach-mcp";

// The launch of a new run's agent as a pre-started process (issue 28): the
// same plan a spawn gets (server/runner/turn/plan-turn.ts for a new run:
// runtime, policy, MCP, model), in the pre-started worktree and session.
// Planned once when the process is started, for a run of the project with no
// policy of its own, and again for the run that takes it: the process is used
// only when both give the very same argv, environment and binary; anything
// else (the run's own policy, the project's changed since, MCP turned off, a
// CLI upgraded or configured differently) spawns as usual.

/** What a new run's launch depends on, besides where and in which session it runs. */
export type LaunchInputs = Pick<Execution, "agent" | "model" | "projectId" | "requestedPermissions">;

export type PrestartedLaunch = {
  prepared: PreparedLaunch;
  permissions: EffectivePermissions | null;
  /** The token given to the process (its hash is granted to each execution it serves), or null: no MCP server. */
  mcp: McpGrant | null;
  runtime: { path: string; version: string | null };
};

type Where = { sessionId: string; cwd: string };

/**
 * Plans the launch. `mcp`: the grant of the process being checked (its token
 * is in the environment, so a check plans with the same one); "mint" for a
 * new process. Null when the agent cannot be pre-started this way (its
 * launch does not take its input on stdin, or does not take the session id
 * it is given), or the plan failed (a spawn will say why).
 */
export async function planPrestartedLaunch(
  inputs: LaunchInputs,
  where: Where,
  env: NodeJS.ProcessEnv,
  mcp: McpGrant | null | "mint",
  prompt = "",
): Promise<PrestartedLaunch | null> {
  const resolved = await resolveAgentRuntime(inputs.agent, { env });
  if (!resolved.ok || !resolved.runtime.agent.streamInput?.reusable) return null;
  const { runtime } = resolved;
  const execution = { ...inputs, parentExecutionId: null, targetSessionId: where.sessionId };
  const [policy, url] = await Promise.all([loadTurnPermissions(execution, runtime.agent), mcpUrlFor(inputs.projectId, runtime.agent, env)]);
  if (!policy.ok) return null;
  const grant = !url ? null : mcp === "mint" ? mintMcpGrant(url) : mcp && mcp.attachment.url === url ? mcp : undefined;
  // The process was started with another MCP attachment (or none) than this run gets.
  if (grant === undefined) return null;
  const permissions = policy.permissions;
  const plan = await planLaunch(
    inputs.agent,
    {
      mode: { kind: "new", sessionId: where.sessionId },
      prompt,
      partialMessages: true,
      streamInput: true,
      ...(permissions ? { permissions } : {}),
      ...(grant ? { mcp: grant.attachment } : {}),
      ...(inputs.model ? { model: inputs.model } : {}),
    },
    { env, runtime, cwd: where.cwd },
  );
  if (!plan.ok) return null;
  const prepared = adaptLaunch(runtime.agent, plan);
  if (!prepared.streamInput || prepared.expectedSessionId !== where.sessionId || prepared.stdin !== undefined) return null;
  return { prepared, permissions, mcp: grant, runtime: { path: runtime.realPath, version: runtime.capabilities?.version ?? null } };
}
