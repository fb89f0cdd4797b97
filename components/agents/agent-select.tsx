"use client";

import { controlClasses, Field } from "@/components/ui/field";
import { useAgents } from "@/lib/agents/hooks";
import { agentName } from "@/lib/agents/names";
import { agentReadiness } from "@/lib/agents/readiness";

/**
 * The agent a new run uses: every agent the server knows, the ones that
 * cannot run shown but disabled with the reason (not installed, or without
 * its key: which variable to set). While the list loads, the chosen agent is
 * the only option.
 */
export function AgentSelect({ id, value, onChange, error }: { id: string; value: string; onChange: (agent: string) => void; error?: string }) {
  const agents = useAgents();
  const list = agents.data?.agents ?? [];
  const chosen = list.find((a) => a.id === value);
  const readiness = chosen ? agentReadiness(chosen) : null;
  const sessions =
    chosen && !chosen.sessions.capabilities.includes("resume-by-id")
      ? `${chosen.displayName} has no sessions: its runs cannot be continued or forked`
      : chosen && !chosen.sessions.capabilities.includes("fork")
        ? `${chosen.displayName} cannot fork its sessions: a Fork starts a new session carrying Arbor's transcript`
        : null;
  const hint =
    readiness && readiness.state !== "ready"
      ? `${chosen!.displayName} cannot run here: ${readiness.detail}`
      : agents.isError
        ? "Could not load the list of agents"
        : [sessions, chosen?.notice].filter(Boolean).join(" ") || undefined;
  return (
    <Field id={id} label="Agent" hint={hint} error={error}>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)} className={`${controlClasses} h-10 border-zinc-300 dark:border-zinc-700`}>
        {list.length === 0 ? <option value={value}>{agentName(value)}</option> : null}
        {list.map((agent) => {
          const state = agentReadiness(agent);
          return (
            <option key={agent.id} value={agent.id} disabled={state.state !== "ready" && agent.id !== value}>
              {agent.displayName}
              {agent.version ? ` ${agent.version}` : ""}
              {state.state === "ready" ? "" : ` (${state.label})`}
            </option>
          );
        })}
      </select>
    </Field>
  );
}
