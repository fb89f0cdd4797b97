"use client";

import { controlClasses, Field } from "@/components/ui/field";
import { useAgents } from "@/lib/agents/hooks";
import { agentName } from "@/lib/agents/names";
import type { AgentStatus } from "@/lib/agents/schema";

/** What the picker says of an agent that is there but cannot run. */
function unavailable(agent: AgentStatus): string | null {
  if (agent.installed) return null;
  return agent.problem ?? `not installed (set ${agent.binary.envVar})`;
}

/**
 * The agent a new run uses: every agent the server knows, the ones it cannot
 * run shown but disabled with the reason (not installed: which variable to
 * set). While the list loads, the chosen agent is the only option.
 */
export function AgentSelect({ id, value, onChange, error }: { id: string; value: string; onChange: (agent: string) => void; error?: string }) {
  const agents = useAgents();
  const list = agents.data?.agents ?? [];
  const chosen = list.find((a) => a.id === value);
  const problem = chosen ? unavailable(chosen) : null;
  const hint = problem
    ? `${chosen!.displayName} cannot run here: ${problem}`
    : chosen && !chosen.sessions.capabilities.includes("resume-by-id")
      ? `${chosen.displayName} has no sessions: its runs cannot be continued or forked`
      : chosen && !chosen.sessions.capabilities.includes("fork")
        ? `${chosen.displayName} cannot fork its sessions: a Fork starts a new session carrying Arbor's transcript`
        : agents.isError
          ? "Could not load the list of agents"
          : undefined;
  return (
    <Field id={id} label="Agent" hint={hint} error={error}>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)} className={`${controlClasses} h-10 border-zinc-300 dark:border-zinc-700`}>
        {list.length === 0 ? <option value={value}>{agentName(value)}</option> : null}
        {list.map((agent) => {
          const why = unavailable(agent);
          return (
            <option key={agent.id} value={agent.id} disabled={why !== null && agent.id !== value}>
              {agent.displayName}
              {agent.version ? ` ${agent.version}` : ""}
              {why ? " (not installed)" : ""}
            </option>
          );
        })}
      </select>
    </Field>
  );
}
