"use client";

import { ChartFrame } from "@/components/insights/chart-frame";
import type { InsightsDto } from "@/lib/insights/schema";
import { formatBytes } from "@/lib/projects/format-bytes";
import { formatCount } from "@/lib/format";

/**
 * Sessions across machines (issue 24): what Arbor keeps of the agents' own
 * session state, and how many turns resumed from it on a runner that lacked
 * the session (its machine gone, or the CLI's copy deleted).
 */
export function SessionStateSummary({ data }: { data: InsightsDto }) {
  const s = data.sessionState;
  return (
    <ChartFrame
      title="Session state"
      description="The agents' own session files Arbor keeps, so any runner can resume a session natively"
      height={64}
      state={{
        empty: s.sessions === 0 ? "No session state kept yet: it is stored after each turn of an agent whose state can move (Claude Code, Codex…)." : null,
      }}
    >
      <p className="text-sm" data-slot="session-state-total">
        <span className="text-2xl font-semibold tracking-tight tabular-nums">{formatBytes(s.storedBytes)}</span> stored for {formatCount(s.sessions)} session
        {s.sessions === 1 ? "" : "s"} ({formatCount(s.versions)} versions, {formatBytes(s.latestBytes)} as files) · {formatCount(s.restoredTurns)} turn
        {s.restoredTurns === 1 ? "" : "s"} resumed from Arbor's copy in this range
      </p>
    </ChartFrame>
  );
}
