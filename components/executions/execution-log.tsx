"use client";

import { useEffect, useRef, useState } from "react";
import { LogEntryView } from "@/components/executions/log-entry-view";
import { useExecutionLog } from "@/lib/hooks/use-execution-log";

/** The live, normalized log of one execution. Follows the bottom until the reader scrolls up. */
export function ExecutionLog({ executionId }: { executionId: string }) {
  const { lines, connection } = useExecutionLog(executionId);
  const scroller = useRef<HTMLDivElement>(null);
  const [follow, setFollow] = useState(true);

  useEffect(() => {
    const el = scroller.current;
    if (el && follow) el.scrollTop = el.scrollHeight;
  }, [lines, follow]);

  return (
    <section aria-labelledby="log-heading" className="space-y-2">
      <div className="flex items-center justify-between">
        <h2 id="log-heading" className="text-lg font-semibold">Log</h2>
        <span className="text-xs text-zinc-500" aria-live="polite">
          {connection === "live" ? "● live" : connection === "reconnecting" ? "reconnecting…" : connection === "ended" ? `${lines.length} entries` : "connecting…"}
        </span>
      </div>
      <div
        ref={scroller}
        role="log"
        aria-label="Execution log"
        tabIndex={0}
        onScroll={(e) => {
          const el = e.currentTarget;
          setFollow(el.scrollHeight - el.scrollTop - el.clientHeight < 40);
        }}
        className="max-h-[70vh] space-y-2 overflow-y-auto rounded-lg border border-zinc-200 bg-white p-3 dark:border-zinc-800 dark:bg-zinc-900"
      >
        {lines.length === 0 ? <p className="text-sm text-zinc-500">{connection === "ended" ? "No output." : "Waiting for output…"}</p> : null}
        {lines.map((line) => (
          <div key={line.key} data-seq={line.seq}>
            <LogEntryView entry={line.entry} />
          </div>
        ))}
      </div>
      {!follow ? (
        <button type="button" className="text-xs font-medium text-emerald-700 underline dark:text-emerald-400" onClick={() => setFollow(true)}>
          Jump to latest
        </button>
      ) : null}
    </section>
  );
}
