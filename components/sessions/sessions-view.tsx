"use client";

import { useState } from "react";
import { SessionList } from "@/components/sessions/session-list";
import { Select } from "@/components/ui/field";
import { PageHeader } from "@/components/ui/page-header";
import { QueryList } from "@/components/ui/query-gate";
import { SearchField } from "@/components/ui/search-field";
import { EmptyState } from "@/components/ui/states";
import { useListSearch } from "@/lib/hooks/use-list-search";
import { useSessions } from "@/lib/sessions/hooks";
import { BUILT_IN_AGENT_NAMES } from "@/lib/agents/names";

const AGENTS = [{ value: "", label: "All agents" }, ...Object.entries(BUILT_IN_AGENT_NAMES).map(([value, label]) => ({ value, label }))];

export function SessionsView({
  initialQuery = "",
  initialAgent = "",
  initialShowArchived = false,
}: {
  initialQuery?: string;
  initialAgent?: string;
  initialShowArchived?: boolean;
}) {
  const [agent, setAgent] = useState(initialAgent);
  const [showArchived, setShowArchived] = useState(initialShowArchived);
  const { query, setQuery, q } = useListSearch(initialQuery, { agent: agent || undefined, archived: showArchived ? "all" : undefined });
  const sessions = useSessions({ q, agent: agent || undefined, archived: showArchived ? "all" : "false" });

  const filtered = Boolean(q || agent);
  return (
    <div>
      <PageHeader title="Sessions" description="Agent conversations, kept so you can continue or fork them. Cite one anywhere as [[SESS-1]]." />
      <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-center" role="search">
        <SearchField
          id="session-search"
          label="Search sessions by title or description"
          placeholder="Search title and description…"
          value={query}
          onChange={setQuery}
          className="sm:max-w-sm"
        />
        <label htmlFor="session-agent" className="sr-only">
          Agent
        </label>
        <Select id="session-agent" value={agent} onChange={(e) => setAgent(e.target.value)} className="sm:w-44">
          {AGENTS.map((a) => (
            <option key={a.value} value={a.value}>
              {a.label}
            </option>
          ))}
        </Select>
        <label className="flex items-center gap-2 text-sm text-zinc-700 dark:text-zinc-300">
          <input type="checkbox" checked={showArchived} onChange={(e) => setShowArchived(e.target.checked)} className="size-4 accent-emerald-700" />
          Show archived
        </label>
      </div>
      <QueryList
        query={sessions}
        noun="sessions"
        empty={
          filtered ? (
            <EmptyState title="No sessions match">Try a different search or agent{showArchived ? "" : ", or show archived sessions"}.</EmptyState>
          ) : (
            <EmptyState title={showArchived ? "No sessions yet" : "No active sessions"}>
              A session appears here as soon as an agent you run on an issue starts one.
            </EmptyState>
          )
        }
      >
        {(items) => <SessionList sessions={items} />}
      </QueryList>
    </div>
  );
}
