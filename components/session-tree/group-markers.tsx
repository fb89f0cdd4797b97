"use client";

// Fan-out groups in the session tree picture: a bracket beside each group's
// members (siblings, kept together by the layout) with its label above the
// first, "GRP-3 · 3 agents", opening the group's page; and the same groups as
// plain links above the canvas, for keyboards and screen readers.
import { memo } from "react";
import { TextLink } from "@/components/ui/text-link";
import { groupMarkerLabel, type TreeGroup } from "@/lib/executions/session-tree";
import type { SessionTreeLayout } from "@/lib/executions/session-tree-layout";

export const groupHref = (id: string) => `/groups/${id}`;

/** The markers, in layout coordinates (inside the pan/zoom transform). Clicks are delegated: the graph opens `data-group-id`. */
export const GroupMarkers = memo(function GroupMarkers({ groups, layout }: { groups: TreeGroup[]; layout: SessionTreeLayout }) {
  return (
    <g role="none" aria-hidden="true">
      {groups.map((group) => {
        const shown = group.memberIds.map((id) => layout.byId.get(id)).filter((n) => n !== undefined);
        if (shown.length === 0) return null;
        const x = Math.min(...shown.map((n) => n.x)) - 24;
        const top = Math.min(...shown.map((n) => n.y)) - 16;
        const bottom = Math.max(...shown.map((n) => n.y)) + 16;
        const label = groupMarkerLabel(group);
        return (
          <g key={group.id} data-group-id={group.id} className="cursor-pointer">
            <path d={`M${x + 6},${top}H${x}V${bottom}H${x + 6}`} className="fill-none stroke-teal-600 stroke-[1.5] dark:stroke-teal-400" />
            <rect x={x - 2} y={top - 20} width={label.length * 6.4 + 12} height={17} rx={4} className="fill-teal-50 stroke-teal-600 dark:fill-teal-950" />
            <text x={x + 4} y={top - 8} className="fill-teal-800 text-[11px] font-semibold hover:underline dark:fill-teal-200">
              {label}
            </text>
          </g>
        );
      })}
    </g>
  );
});

/** The groups as links, above the canvas. */
export function GroupLinks({ groups }: { groups: TreeGroup[] }) {
  if (groups.length === 0) return null;
  return (
    <nav aria-label="Fan-out groups" className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
      <span className="text-xs text-zinc-500">Compared side by side:</span>
      {groups.map((group) => (
        <TextLink key={group.id} underline href={groupHref(group.id)}>
          {groupMarkerLabel(group)}
        </TextLink>
      ))}
    </nav>
  );
}
