// A pull request as `arbor pr` and `arbor pr status` print it.

import type { PullRequest } from "@/lib/pulls/schema";
import { paint, type Style } from "./style";

export function renderPullRequest(pr: PullRequest, style: Style, options: { details: boolean }): string[] {
  const ci =
    pr.ciStatus === "success"
      ? paint(style, "✓ passing", "green")
      : pr.ciStatus === "failure"
        ? paint(style, "✗ failing", "red")
        : pr.ciStatus === "pending"
          ? "… pending"
          : "none reported";
  const lines = [
    `${paint(style, `#${pr.number}`, "bold")} ${pr.title}`,
    `  ${pr.url}`,
    `  ${pr.state} · ${pr.branch} → ${pr.baseBranch} · CI: ${ci} · ${pr.reviewCommentCount} review comment${pr.reviewCommentCount === 1 ? "" : "s"}`,
  ];
  if (pr.lastError) lines.push(`  ${paint(style, `last read from GitHub failed: ${pr.lastError}`, "yellow")}`);
  if (!options.details) return lines;
  for (const check of pr.checks.filter((c) => c.status !== "success")) {
    const mark = check.status === "failure" ? paint(style, "✗", "red") : "…";
    lines.push(`  ${mark} ${check.name} (${check.conclusion ?? check.status})${check.summary ? `: ${firstLine(check.summary)}` : ""}`);
  }
  for (const review of pr.reviews.filter((r) => r.body.trim()))
    lines.push(`  review by ${review.author ?? "?"} (${review.state.toLowerCase()}): ${firstLine(review.body)}`);
  for (const c of pr.reviewComments)
    lines.push(`  ${c.path}${c.line !== null ? `:${c.line}` : " (outdated)"} ${paint(style, c.author ?? "", "dim")}: ${firstLine(c.body)}`);
  return lines;
}

const firstLine = (text: string) => {
  const line = text.trim().split("\n")[0] ?? "";
  return line.length > 200 ? `${line.slice(0, 200)}…` : line;
};
