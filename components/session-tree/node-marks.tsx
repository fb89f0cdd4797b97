// The check and pull-request marks of a tree node (issue 25): in the SVG
// label, and the words for the node's accessible name and tooltip.
import { CHECK_LOOK, checkWords } from "@/components/checks/check-badge";
import { pullRequestWords } from "@/components/pulls/pull-request-details";
import type { SessionTreeNode } from "@/lib/executions/tree-schema";
import type { PullRequestListItem } from "@/lib/pulls/schema";

/** ", check passed, PR #3 open, CI failing": what the name of a node adds for its check and its line's PR. */
export function marksText(e: Pick<SessionTreeNode, "check">, pr?: PullRequestListItem): string {
  return `${e.check ? `, ${checkWords(e.check)}` : ""}${pr ? `, ${pullRequestWords(pr)}` : ""}`;
}

/**
 * ✓ / ✗ / ⏱ / ! / … on the status dot's shoulder, coloured: it takes no room
 * from the labels and stays visible zoomed out. The node's name says it in words.
 */
export function CheckMark({ check }: { check: NonNullable<SessionTreeNode["check"]> }) {
  const look = CHECK_LOOK[check.status];
  return (
    <g data-slot="check" data-check={check.status} transform="translate(8,-9)" aria-hidden="true">
      <circle r={6.5} className="fill-white stroke-zinc-300 dark:fill-zinc-900 dark:stroke-zinc-600" />
      <text y={3.5} textAnchor="middle" className={`${look.fill} font-sans text-[10px] font-bold`}>
        {look.mark}
      </text>
    </g>
  );
}

/** "PR #3" at the start of the second line, red when CI fails, violet once merged. */
export function PullRequestMark({ pr }: { pr: PullRequestListItem }) {
  const fill =
    pr.ciStatus === "failure"
      ? "fill-red-700 dark:fill-red-400"
      : pr.state === "merged"
        ? "fill-violet-700 dark:fill-violet-400"
        : pr.state === "closed"
          ? "fill-zinc-500"
          : "fill-emerald-700 dark:fill-emerald-400";
  return (
    <tspan data-slot="pull-request" data-pr={pr.number} className={`${fill} font-sans text-[11px] font-semibold`}>
      PR #{pr.number}
    </tspan>
  );
}
