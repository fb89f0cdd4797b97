"use client";

// One execution in the session tree picture, the edges between them, and the tooltip.
import { memo } from "react";
import { cn } from "@/lib/cn";
import type { SessionTreeNode } from "@/lib/executions/tree-schema";
import type { ExecutionStatus, SessionTreeEdge } from "@/lib/executions/types";
import { excerpt, formatCost, formatDuration, shortId } from "@/lib/executions/format";
import { formatRelative } from "@/lib/format";
import { resumeBadge } from "@/lib/executions/resume-text";
import { agentName } from "@/lib/agents/names";
import { consultedShort } from "@/lib/mcp/format";
import { LAYOUT, linkPath, type LaidOutLink, type LaidOutNode } from "@/lib/executions/session-tree-layout";
import { agentChange } from "@/lib/executions/session-tree";
import type { PullRequestListItem } from "@/lib/pulls/schema";
import { CheckMark, marksText, PullRequestMark } from "./node-marks";
import type { View } from "./viewport";

export const STATUS_FILL: Record<ExecutionStatus, string> = {
  queued: "fill-zinc-400",
  running: "fill-sky-500",
  completed: "fill-emerald-500",
  failed: "fill-red-500",
  cancelled: "fill-zinc-300 dark:fill-zinc-600",
  interrupted: "fill-amber-500",
};

/** How each kind of edge is drawn (links and legend) and named. A restart (Start fresh, or Arbor's retry from its transcript) is amber and dotted. */
export const EDGE_LOOK: Record<SessionTreeEdge, { stroke: string; dash?: string; kind: string }> = {
  root: { stroke: "stroke-zinc-400 dark:stroke-zinc-500", kind: "original" },
  continue: { stroke: "stroke-zinc-400 dark:stroke-zinc-500", kind: "continuation" },
  fork: { stroke: "stroke-violet-500 dark:stroke-violet-400", dash: "6 4", kind: "fork" },
  restarted: { stroke: "stroke-amber-500 dark:stroke-amber-400", dash: "2 4", kind: "restart" },
};

/** ", from Arbor's transcript" for a turn that carried it instead of resuming the agent's session. */
const fromTranscript = (e: SessionTreeNode) => (e.resume?.decision === "fresh_with_transcript" ? ", from Arbor's transcript" : "");

function edgeWord(n: LaidOutNode): string {
  return EDGE_LOOK[n.node.edge].kind + fromTranscript(n.node);
}

/** What the execution changed in its worktree, once snapshotted: "+3 −1 in 2 files". */
export function changesText(e: SessionTreeNode): string | null {
  const c = e.worktree?.changes;
  return c ? `+${c.additions} −${c.deletions} in ${c.files} file${c.files === 1 ? "" : "s"}` : null;
}

/** Its status as a person reads it: "waiting for you" while the agent waits on a decision, "completed, 2 refused" (honest states). */
export function stateWords(e: Pick<SessionTreeNode, "status" | "waitingFor" | "refusedActions">): string {
  if (e.status === "running" && e.waitingFor) return "waiting for you";
  if (e.status === "completed" && (e.refusedActions ?? 0) > 0) return `completed, ${e.refusedActions} refused`;
  return e.status;
}

/** "consulted SESS-3, ISSUE-9": what the turn read through Arbor's MCP server, or null. */
export function consultedText(e: Pick<SessionTreeNode, "consulted">): string | null {
  return e.consulted.length ? `consulted ${e.consulted.join(", ")}` : null;
}

/** "Claude Code (sonnet)": the agent, and its model when one was chosen. */
export function agentWithModel(e: Pick<SessionTreeNode, "agent" | "model">): string {
  return e.model ? `${agentName(e.agent)} (${e.model})` : agentName(e.agent);
}

/** The node's accessible name: "#1a2b3c4d, Claude Code, fork, completed, head, +3 −1 in 2 files, consulted SESS-3: <prompt>". */
export function nodeName(n: LaidOutNode, pr?: PullRequestListItem): string {
  const e = n.node;
  const changes = changesText(e);
  const consulted = consultedText(e);
  return `#${shortId(e.id)}, ${agentWithModel(e)}, ${edgeWord(n)}${e.groupId ? ` in ${e.groupId}` : ""}, ${stateWords(e)}${marksText(e, pr)}${e.isHead ? ", head" : ""}${changes ? `, ${changes}` : ""}${consulted ? `, ${consulted}` : ""}${n.collapsed ? `, ${n.hiddenCount} hidden` : ""}: ${excerpt(e.prompt, 80)}`;
}

/** Characters of the prompt the node's second line has room for, after its PR, what it changed and what it consulted. */
function promptRoom(e: SessionTreeNode, pr?: PullRequestListItem): number {
  return 26 - (pr ? 8 : 0) - (e.worktree?.changes ? 6 : 0) - (e.consulted.length ? 16 : 0);
}

/** One execution in the picture: status dot, head ring, labels and the fold toggle. */
export const GraphNode = memo(function GraphNode({
  n,
  labels,
  active,
  selected,
  flash,
  describedBy,
  compareMode,
  pr,
}: {
  n: LaidOutNode;
  labels: boolean;
  active: boolean;
  selected: boolean;
  flash: boolean;
  describedBy?: string;
  compareMode: boolean;
  /** Its line's pull request, on the turn it was opened from and the line's head. */
  pr?: PullRequestListItem;
}) {
  const e = n.node;
  return (
    <g
      role="treeitem"
      tabIndex={active ? 0 : -1}
      aria-level={n.depth + 1}
      aria-posinset={n.posInSet}
      aria-setsize={n.setSize}
      aria-expanded={n.childCount > 0 ? !n.collapsed : undefined}
      aria-selected={compareMode ? selected : undefined}
      aria-label={nodeName(n, pr)}
      aria-describedby={describedBy}
      data-node-id={e.id}
      data-status={e.status}
      data-check={e.check?.status}
      data-edge={e.edge}
      data-head={e.isHead ? "true" : undefined}
      transform={`translate(${n.x},${n.y})`}
      className="group/node cursor-pointer outline-none"
    >
      <rect
        x={-16}
        y={-19}
        width={LAYOUT.portX - 4}
        height={38}
        rx={8}
        className={cn(
          "fill-transparent stroke-2",
          selected ? "fill-violet-50 stroke-violet-500 dark:fill-violet-950/60" : "stroke-transparent",
          "group-hover/node:fill-zinc-100 group-focus-visible/node:stroke-emerald-600 dark:group-hover/node:fill-zinc-800",
        )}
      />
      {flash ? <circle r={20} className="origin-center animate-ping fill-none stroke-amber-500 stroke-[3] [transform-box:fill-box]" /> : null}
      {e.isHead ? <circle r={LAYOUT.radius + 4.5} className="fill-none stroke-emerald-600 stroke-[2.5] dark:stroke-emerald-400" /> : null}
      {e.waitingFor ? <circle r={LAYOUT.radius + 8} data-waiting="true" className="animate-pulse fill-none stroke-amber-500 stroke-[2.5]" /> : null}
      <circle
        r={LAYOUT.radius}
        className={cn(STATUS_FILL[e.status], e.status === "running" ? "animate-pulse" : "", "stroke-white stroke-[1.5] dark:stroke-zinc-900")}
      />
      {e.check ? <CheckMark check={e.check} /> : null}
      {labels ? (
        <>
          <text x={16} y={-4} className="fill-zinc-900 font-mono text-[12px] font-semibold dark:fill-zinc-100">
            #{shortId(e.id)}
            <tspan dx={6} className="fill-zinc-500 font-sans text-[11px] font-normal dark:fill-zinc-400">
              {agentName(e.agent)}
              {e.model ? <tspan data-slot="model"> {e.model}</tspan> : null} · {stateWords(e)}
              {e.isHead ? " · head" : ""}
              {e.resume?.decision === "fresh_with_transcript" ? " · transcript" : ""}
            </tspan>
          </text>
          <text x={16} y={12} className="fill-zinc-600 text-[11px] dark:fill-zinc-400">
            {pr ? <PullRequestMark pr={pr} /> : null}
            {e.worktree?.changes ? (
              // What it changed in its worktree, before the prompt (the first line has no room left).
              <tspan data-slot="changes" dx={pr ? 6 : 0} className="font-medium">
                <tspan className="fill-emerald-700 dark:fill-emerald-400">+{e.worktree.changes.additions}</tspan>
                <tspan dx={3} className="fill-red-700 dark:fill-red-400">
                  −{e.worktree.changes.deletions}
                </tspan>
              </tspan>
            ) : null}
            {e.consulted.length ? (
              // A small mark: the first ref it read (+ how many more); the tooltip and the name list them all.
              <tspan data-slot="consulted" dx={e.worktree?.changes || pr ? 6 : 0} className="fill-sky-700 font-medium dark:fill-sky-400">
                ↩ {consultedShort(e.consulted)}
              </tspan>
            ) : null}
            {promptRoom(e, pr) > 4 ? <tspan dx={pr || e.worktree?.changes || e.consulted.length ? 6 : 0}>{excerpt(e.prompt, promptRoom(e, pr))}</tspan> : null}
          </text>
        </>
      ) : null}
      {n.childCount > 0 ? (
        <g data-toggle={e.id} transform={`translate(${LAYOUT.portX},0)`} aria-hidden="true" className="cursor-pointer">
          {n.collapsed ? (
            <>
              <rect x={-4} y={-9} width={String(n.hiddenCount).length * 7 + 18} height={18} rx={9} className="fill-zinc-700 dark:fill-zinc-300" />
              <text x={3} y={4} className="fill-white text-[11px] font-semibold dark:fill-zinc-900">
                +{n.hiddenCount}
              </text>
            </>
          ) : labels ? (
            <>
              <circle r={7} className="fill-white stroke-zinc-400 hover:stroke-zinc-700 dark:fill-zinc-900 dark:stroke-zinc-500" />
              <path d="M-3.5,0H3.5" className="stroke-zinc-600 stroke-[1.5] dark:stroke-zinc-300" />
            </>
          ) : null}
        </g>
      ) : null}
    </g>
  );
});

/** The edges: continue solid, fork dashed violet. Memoized: a pan or zoom frame does not rebuild them. */
export const GraphLinks = memo(function GraphLinks({ links }: { links: LaidOutLink[] }) {
  return (
    <g role="none" aria-hidden="true" fill="none">
      {links.map((l) => {
        // A fork handed to another agent says so on its edge, just before the new node.
        const change = agentChange(l.source.node, l.target.node);
        return (
          <g key={l.id}>
            <path
              d={linkPath(l)}
              data-edge={l.edge}
              data-link={l.id}
              className={EDGE_LOOK[l.edge].stroke}
              strokeWidth={2}
              strokeDasharray={EDGE_LOOK[l.edge].dash}
              vectorEffect="non-scaling-stroke"
            />
            {change ? (
              <text
                data-agent-change={l.id}
                x={l.target.x - 18}
                y={l.target.y - 12}
                textAnchor="end"
                className="fill-violet-700 stroke-white text-[10px] font-semibold [paint-order:stroke] [stroke-width:3px] dark:fill-violet-300 dark:stroke-zinc-900"
              >
                {change}
              </text>
            ) : null}
          </g>
        );
      })}
    </g>
  );
});

/** Prompt, cost, duration and age of the hovered or focused node, placed beside it. */
export function Tooltip({ id, n, view, height, pr }: { id: string; n: LaidOutNode; view: View; height: number; pr?: PullRequestListItem }) {
  const e = n.node;
  const left = view.x + n.x * view.k;
  const y = view.y + n.y * view.k;
  // Below the node, or above it when the lower half of the canvas has no room.
  const below = y < height / 2;
  return (
    <div
      id={id}
      role="tooltip"
      className="pointer-events-none absolute z-10 w-72 max-w-[calc(100%-1rem)] rounded-md border border-zinc-200 bg-white p-3 text-xs shadow-lg dark:border-zinc-700 dark:bg-zinc-900"
      style={{ left: `clamp(0.5rem, ${left - 16}px, calc(100% - 18.5rem))`, top: below ? y + 24 : y - 24, transform: below ? undefined : "translateY(-100%)" }}
    >
      <p className="font-mono font-semibold">
        #{shortId(e.id)} · {agentWithModel(e)} · {stateWords(e)}
        {e.edge === "root" ? "" : ` · ${EDGE_LOOK[e.edge].kind}`}
        {e.isHead ? " · head" : ""}
      </p>
      {e.resume?.decision === "fresh_with_transcript" ? <p className="mt-1 text-amber-700 dark:text-amber-400">{resumeBadge(e)?.label}</p> : null}
      {e.waitingFor ? <p className="mt-1 font-medium text-amber-700 dark:text-amber-400">Waits for you: {e.waitingFor.summary}</p> : null}
      <p className="mt-1 whitespace-pre-wrap text-zinc-700 dark:text-zinc-300">{excerpt(e.prompt, 220)}</p>
      <p className="mt-1 text-zinc-500">
        {formatCost(e.usage?.costUsd)} · {formatDuration(e.usage?.durationMs)}
        {e.usage?.numTurns != null ? ` · ${e.usage.numTurns} ${e.usage.numTurns === 1 ? "turn" : "turns"}` : ""} · {formatRelative(e.createdAt)}
      </p>
      {e.check ? (
        <p data-slot="tip-check" className="mt-1 text-zinc-700 dark:text-zinc-300">
          {marksText(e).slice(2)}: {e.check.summary}
        </p>
      ) : null}
      {pr ? <p className="mt-1 text-zinc-700 dark:text-zinc-300">{marksText({ check: null }, pr).slice(2)}</p> : null}
      {changesText(e) ? <p className="mt-1 text-zinc-600 dark:text-zinc-400">files: {changesText(e)}</p> : null}
      {e.consulted.length ? <p className="mt-1 text-sky-700 dark:text-sky-400">Consulted {e.consulted.join(", ")}</p> : null}
      {e.managedSessionId ? <p className="mt-1 font-mono text-zinc-500">{e.managedSessionId}</p> : null}
      {n.collapsed ? <p className="mt-1 text-zinc-500">{n.hiddenCount} executions folded (Space unfolds)</p> : null}
    </div>
  );
}
