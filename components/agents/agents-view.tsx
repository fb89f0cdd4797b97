"use client";

import { ErrorAlert } from "@/components/ui/alert";
import { pill } from "@/components/ui/badges";
import Link from "next/link";
import { PageHeader } from "@/components/ui/page-header";
import { LoadingBlock } from "@/components/ui/states";
import { cn } from "@/lib/cn";
import { useAgents } from "@/lib/agents/hooks";
import { agentReadiness, type AgentReadiness } from "@/lib/agents/readiness";
import type { AgentStatus, SessionCapability } from "@/lib/agents/schema";
import { PERMISSION_MODE_LABELS } from "@/lib/permissions/constants";

const READINESS_STYLES: Record<AgentReadiness["state"], string> = {
  ready: "bg-emerald-50 text-emerald-800 ring-emerald-600/20 dark:bg-emerald-950 dark:text-emerald-300 dark:ring-emerald-400/30",
  needs: "bg-amber-50 text-amber-900 ring-amber-600/30 dark:bg-amber-950 dark:text-amber-300 dark:ring-amber-400/30",
  "not-installed": "bg-zinc-100 text-zinc-700 ring-zinc-500/20 dark:bg-zinc-800 dark:text-zinc-300 dark:ring-zinc-400/30",
};

const SESSION_WORDS: Partial<Record<SessionCapability, string>> = {
  "resume-by-id": "Continue",
  fork: "Fork",
  "fork-at-message": "Fork at any turn",
};

function sessionsText(agent: AgentStatus): string {
  const words = agent.sessions.capabilities.map((capability) => SESSION_WORDS[capability]).filter(Boolean);
  if (words.length === 0) return "No sessions: every run stands alone";
  return agent.sessions.capabilities.includes("fork") ? words.join(" · ") : `${words.join(" · ")} (a Fork carries Arbor's transcript)`;
}

function verificationText(agent: AgentStatus): string | null {
  const verification = agent.verification;
  if (!verification) return null;
  if (verification.status === "not-verified") return `Not verified on this machine: ${verification.reason}`;
  return verification.installedMatches === false
    ? `Verified with ${verification.version}; the installed ${agent.version} was not`
    : `Verified with ${verification.version}`;
}

function AgentRow({ agent }: { agent: AgentStatus }) {
  const readiness = agentReadiness(agent);
  const verified = verificationText(agent);
  return (
    <li className="space-y-2 px-4 py-4" aria-label={agent.displayName}>
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <h2 className="font-medium text-zinc-900 dark:text-zinc-50">{agent.displayName}</h2>
        <span className="font-mono text-xs text-zinc-500 dark:text-zinc-400">
          {agent.id}
          {agent.version ? ` ${agent.version}` : ""}
        </span>
        {agent.source === "agents-file" ? <span className="text-xs text-zinc-500 dark:text-zinc-400">from the agents file</span> : null}
        {agent.overridden ? <span className="text-xs text-zinc-500 dark:text-zinc-400">changed by the agents file</span> : null}
        <span className={cn(pill, READINESS_STYLES[readiness.state], "ml-auto")}>{readiness.state === "ready" ? "Ready" : readiness.label}</span>
      </div>
      {readiness.detail ? <p className="text-sm text-zinc-700 dark:text-zinc-300">{readiness.detail}</p> : null}
      {agent.notice ? (
        <p role="note" className="rounded-md bg-sky-50 px-3 py-2 text-sm text-sky-900 dark:bg-sky-950 dark:text-sky-200">
          {agent.notice}
        </p>
      ) : null}
      <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[10rem_1fr]">
        <dt className="text-zinc-500 dark:text-zinc-400">Sessions</dt>
        <dd>{sessionsText(agent)}</dd>
        <dt className="text-zinc-500 dark:text-zinc-400">What it may do</dt>
        <dd>
          {agent.permissions ? (
            <>
              {agent.permissions.modes.map((mode) => PERMISSION_MODE_LABELS[mode]).join(" · ")}
              {agent.permissions.asks ? " — asks you before anything else" : ""}
              <span className="block text-xs text-zinc-500 dark:text-zinc-400">{agent.permissions.note}</span>
            </>
          ) : (
            "Its own defaults (it takes no permission policy)"
          )}
        </dd>
        {verified ? (
          <>
            <dt className="text-zinc-500 dark:text-zinc-400">Checked</dt>
            <dd>{verified}</dd>
          </>
        ) : null}
      </dl>
    </li>
  );
}

/** /agents: every agent Arbor can run, whether it is ready where runs run (and if not, what to set), and what each may do. */
export function AgentsView() {
  const agents = useAgents();
  return (
    <div className="space-y-6">
      <PageHeader
        title="Agents"
        description="The coding agents Arbor can run, whether each is ready on the machines that run them, and what each may do on its own. Keys are never shown: only the name of what is missing."
        actions={
          <Link
            href="/runners"
            className="rounded-md border border-zinc-300 px-3 py-1.5 text-sm font-medium text-zinc-700 hover:bg-zinc-50 dark:border-zinc-700 dark:text-zinc-200 dark:hover:bg-zinc-800"
          >
            Runners
          </Link>
        }
      />
      {agents.isPending ? (
        <LoadingBlock label="Loading agents…" />
      ) : agents.isError ? (
        <ErrorAlert title="Could not load the agents">{agents.error.message}</ErrorAlert>
      ) : (
        <>
          <ul
            aria-label="Agents"
            className="divide-y divide-zinc-200 overflow-hidden rounded-lg border border-zinc-200 bg-white shadow-sm dark:divide-zinc-800 dark:border-zinc-800 dark:bg-zinc-900"
          >
            {agents.data.agents.map((agent) => (
              <AgentRow key={agent.id} agent={agent} />
            ))}
          </ul>
          {agents.data.warnings.length > 0 ? (
            <ErrorAlert title="Problems in the agents file">
              <ul className="list-disc pl-5">
                {agents.data.warnings.map((warning) => (
                  <li key={warning}>{warning}</li>
                ))}
              </ul>
            </ErrorAlert>
          ) : null}
          {agents.data.agentsFile ? (
            <p className="text-xs text-zinc-500 dark:text-zinc-400">
              Agents file: <code className="font-mono">{agents.data.agentsFile}</code> (a key set in its <code className="font-mono">env</code> counts as set)
            </p>
          ) : null}
        </>
      )}
    </div>
  );
}
