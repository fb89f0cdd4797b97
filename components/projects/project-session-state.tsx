import { formatBytes } from "@/lib/projects/format-bytes";
import type { ProjectDetail } from "@/lib/projects/schema";

/**
 * What Arbor keeps of the agents' own session state for the project's
 * sessions (issue 24): so any runner can resume them natively, after their
 * machine is gone or the CLI deleted its copy. Kept until
 * ARBOR_SESSION_STATE_DAYS says otherwise.
 */
export function ProjectSessionState({ project }: { project: ProjectDetail }) {
  const usage = project.sessionState;
  return (
    <section aria-labelledby="session-state-heading" className="space-y-1">
      <h2 id="session-state-heading" className="text-lg font-semibold">
        Session state
      </h2>
      <p className="text-sm text-zinc-600 dark:text-zinc-400" data-testid="session-state-usage">
        {usage.sessions === 0
          ? "No agent session state kept yet. After each turn Arbor keeps the agent's own session files, so any runner can resume the session."
          : `${usage.sessions} session${usage.sessions === 1 ? "" : "s"} kept (${usage.versions} version${usage.versions === 1 ? "" : "s"}): ${formatBytes(usage.latestBytes)} as files, ${formatBytes(usage.storedBytes)} stored in PostgreSQL. Any runner can resume them natively.`}
      </p>
    </section>
  );
}
