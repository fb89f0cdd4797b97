import "server-only";
import { invalidField, ok, type Result } from "@/lib/result";
import { listAgentIds } from "@/server/agents/registry";

/** A project's default agent must be one Arbor can run. */
export function checkAgent(agent: string | null | undefined): Result<string | null | undefined> {
  if (agent === null || agent === undefined) return ok(agent);
  const known = listAgentIds();
  return known.includes(agent) ? ok(agent) : invalidField("defaultAgent", `unknown agent "${agent}" (known: ${known.join(", ")})`);
}
