"use client";

import { useQuery } from "@tanstack/react-query";
import { queryKeys } from "@/lib/query-keys";
import { followUpActions, type FollowUpActions } from "./actions";
import { agentApi } from "./api";
import { agentName } from "./names";
import type { AgentStatus } from "./schema";

/** Every agent the server can run (installed?, version, session capabilities). It changes only when the server's setup does. */
export function useAgents() {
  return useQuery({ queryKey: queryKeys.agents.all, queryFn: ({ signal }) => agentApi.list(signal), staleTime: 60_000 });
}

/** One agent as the server describes it; undefined while the list loads or when the server no longer knows it. */
export function useAgent(id: string): AgentStatus | undefined {
  return useAgents().data?.agents.find((agent) => agent.id === id);
}

/**
 * The follow-ups an agent's runs offer, and its name. Until the list is in (or
 * for an agent the server no longer knows) every action shows: the server
 * answers with the reason if one cannot run.
 */
export function useAgentActions(id: string): FollowUpActions & { name: string } {
  const agent = useAgent(id);
  if (!agent) return { hasSessions: true, nativeFork: true, forkAtMessage: true, name: agentName(id) };
  return { ...followUpActions(agent.sessions.capabilities), name: agent.displayName };
}
