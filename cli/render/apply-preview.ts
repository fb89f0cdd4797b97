// GET /api/executions/:id/apply-preview → lines: what the base branch will receive. Pure.

import type { ApplyPreview } from "@/lib/diff/schema";
import { resolveConflictsPrompt } from "@/lib/diff/resolve-conflicts-prompt";
import { renderDiffFiles, renderPatch } from "./diff";
import { paint, type Style } from "./style";

/** The preview: where it goes, the files with +/− (and the patch unless `stat`), and whether it merges cleanly. */
export function renderApplyPreview(p: ApplyPreview, style: Style, options: { stat: boolean }): string[] {
  const short = (sha: string) => sha.slice(0, 12);
  const lines = [
    `Apply ${p.executionId.slice(0, 8)}${p.branch ? ` (${p.branch})` : ""} to ${p.baseBranch} of ${p.projectId}`,
    paint(style, `${p.baseBranch} is at ${short(p.baseHead)}; the line of work's snapshot is ${short(p.snapshot)}`, "dim"),
  ];
  if (p.lineHeadId !== p.executionId) {
    lines.push(
      paint(style, `This is an earlier turn of its line of work: its latest is ${p.lineHeadId.slice(0, 8)} (apply that one to bring all of it).`, "yellow"),
    );
  }
  if (p.merge === "up_to_date") return [...lines, `${p.baseBranch} already has all of it: nothing to apply.`];
  lines.push(
    "",
    p.merge === "clean"
      ? `What ${p.baseBranch} will receive (${short(p.baseHead)} → the merged files):`
      : `What the line of work changed since it left ${p.baseBranch}:`,
    ...renderDiffFiles(p.diff, style),
  );
  if (!options.stat && p.diff.patch) lines.push("", ...renderPatch(p.diff, style));
  if (p.merge === "conflicts") {
    lines.push(
      "",
      paint(style, `It conflicts with ${p.baseBranch} in ${p.conflicts.length === 1 ? "1 file" : `${p.conflicts.length} files`}:`, "red"),
      ...p.conflicts.map((f) => `  ${f}`),
      "Next steps:",
      `  ask the agent to resolve it:  arbor continue ${p.lineHeadId.slice(0, 8)} ${JSON.stringify(resolveConflictsPrompt(p.baseBranch, p.conflicts))}`,
      p.worktreePath
        ? `  or resolve it yourself in its worktree: ${p.worktreePath}`
        : "  (its worktree is gone: a Continue starts a fresh one from its snapshot)",
    );
  }
  if (p.blocked) lines.push("", paint(style, `Apply would refuse right now: ${p.blocked.message}`, "yellow"));
  return lines;
}
