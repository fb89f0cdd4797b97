"use client";

import { useSearchParams } from "next/navigation";
import { useRef, useState, type KeyboardEvent } from "react";
import { ExecutionHistory } from "@/components/execution/execution-history";
import { RunAgentForm } from "@/components/follow-up/run-agent-form";
import { SessionTreeGraph } from "@/components/session-tree/session-tree-graph";
import { LoadingBlock } from "@/components/ui/states";
import { cn } from "@/lib/cn";
import { useIssueSessionTree } from "@/lib/executions/hooks";
import type { HistoryPreview } from "@/lib/executions/history-rows";
import { useIssuePullRequests } from "@/lib/pulls/hooks";
import { replaceSearchParams } from "@/lib/url-state";
import { useServerHtml } from "@/lib/hooks/use-server-html";

const VIEWS = [
  { id: "history", label: "History" },
  { id: "tree", label: "Tree" },
] as const;
type ViewId = (typeof VIEWS)[number]["id"];

/**
 * An issue's executions: the run form, then the history as a list (chains
 * and forks) or as the session tree picture. The choice is in the address
 * (?view=tree), so it survives reloads and can be shared.
 *
 * `preview`: the History list's first rows, drawn by the server with the
 * page, shown until the executions are in (ExecutionHistory).
 */
export function IssueExecutions({ issueId, showRunForm = true, preview }: { issueId: string; showRunForm?: boolean; preview?: HistoryPreview }) {
  const params = useSearchParams();
  const [view, setView] = useState<ViewId>(params?.get("view") === "tree" ? "tree" : "history");
  const tree = useIssueSessionTree(issueId);
  // Only the picture shows PR markers: the list view does not ask for them.
  const pulls = useIssuePullRequests(view === "tree" ? issueId : undefined);
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);

  const choose = (next: ViewId, focus = false) => {
    setView(next);
    replaceSearchParams({ view: next === "tree" ? "tree" : undefined });
    if (focus) tabs.current[VIEWS.findIndex((v) => v.id === next)]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const i = VIEWS.findIndex((v) => v.id === view);
    const next =
      event.key === "ArrowRight"
        ? (i + 1) % VIEWS.length
        : event.key === "ArrowLeft"
          ? (i + VIEWS.length - 1) % VIEWS.length
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? VIEWS.length - 1
              : -1;
    if (next < 0) return;
    event.preventDefault();
    choose(VIEWS[next].id, true);
  };

  // Hydrating, the view is what the server drew (the preview, or "Loading"), even when the page's early request for the executions has answered meanwhile.
  const serverHtml = useServerHtml();
  const loaded = !tree.isPending && !serverHtml;
  const roots = loaded ? (tree.data?.roots ?? []) : [];
  return (
    <div className="space-y-4">
      {showRunForm ? <RunAgentForm issueId={issueId} /> : null}
      <div className="space-y-3">
        <div
          role="tablist"
          aria-label="Show executions as"
          className="inline-flex rounded-lg border border-zinc-200 bg-zinc-100 p-0.5 dark:border-zinc-800 dark:bg-zinc-900"
          onKeyDown={onKeyDown}
        >
          {VIEWS.map((v, i) => (
            <button
              key={v.id}
              ref={(el) => {
                tabs.current[i] = el;
              }}
              type="button"
              role="tab"
              id={`executions-tab-${v.id}`}
              aria-selected={view === v.id}
              aria-controls={`executions-panel-${v.id}`}
              tabIndex={view === v.id ? 0 : -1}
              onClick={() => choose(v.id)}
              className={cn(
                "rounded-md px-3 py-1 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-emerald-600",
                view === v.id
                  ? "bg-white text-zinc-900 shadow-sm dark:bg-zinc-700 dark:text-zinc-50"
                  : "text-zinc-600 hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-zinc-100",
              )}
            >
              {v.label}
            </button>
          ))}
        </div>
        <div role="tabpanel" id={`executions-panel-${view}`} aria-labelledby={`executions-tab-${view}`}>
          {!loaded && !(preview && view === "history") ? (
            <LoadingBlock label="Loading executions…" />
          ) : view === "tree" && roots.length > 0 ? (
            <SessionTreeGraph roots={roots} label={`Session tree of ${issueId}`} pullRequests={pulls.data} />
          ) : (
            <ExecutionHistory roots={roots} preview={loaded && !tree.error ? null : preview} error={loaded ? tree.error : null} />
          )}
        </div>
      </div>
    </div>
  );
}
