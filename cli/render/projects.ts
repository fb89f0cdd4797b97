// Projects (GET /api/projects, /api/projects/:id) → lines. Pure.

import type { PermissionPolicy } from "@/lib/permissions/schema";
import { PERMISSION_MODE_LABELS } from "@/lib/permissions/constants";
import type { Project, ProjectDetail, WorktreeCleanup } from "@/lib/projects/schema";
import { formatBytes } from "../../lib/projects/format-bytes";
import { oneLine } from "./format";
import { paint, type Style } from "./style";

const kind = (p: Project) => (p.isGitRepo ? `git · ${p.baseBranch ?? "?"}` : "directory");

export function renderProjectList(projects: Project[], defaultWorkspace: Project | undefined, style: Style): string[] {
  const rows = [...projects, ...(defaultWorkspace ? [defaultWorkspace] : [])];
  const idWidth = Math.max(...rows.map((p) => p.id.length));
  const nameWidth = Math.min(30, Math.max(...rows.map((p) => p.name.length)));
  const kindWidth = Math.max(...rows.map((p) => kind(p).length));
  const lines = rows.map((p) => {
    const id = paint(style, p.id.padEnd(idWidth), "bold");
    const name = oneLine(p.name, nameWidth).padEnd(nameWidth);
    const counts = paint(style, `${p.issueCount} issue${p.issueCount === 1 ? "" : "s"}`, "dim");
    const note = p.implicit ? "  (implicit)" : p.archivedAt ? "  (archived)" : "";
    return `${id}  ${name}  ${paint(style, kind(p).padEnd(kindWidth), "cyan")}  ${p.path}  ${counts}${paint(style, note, "dim")}`;
  });
  if (projects.length === 0) {
    lines.push(
      "",
      defaultWorkspace ? "No projects registered: runs use the default workspace. Register one: arbor project add <DIR>" : "No archived projects.",
    );
  }
  return lines;
}

export function renderProjectDetail(p: ProjectDetail, style: Style): string[] {
  const lines = [
    `${paint(style, p.id, "bold")}  ${p.name}${p.implicit ? paint(style, "  (the default workspace: specs and issues without a project)", "dim") : ""}`,
  ];
  const row = (label: string, value: string) => lines.push(`  ${paint(style, label.padEnd(14), "dim")}${value}`);
  row("path", p.path);
  row("kind", p.isGitRepo ? "git repository: a worktree per line of work" : "directory (not git): runs share its files");
  if (p.archivedAt) row("archived", `since ${p.archivedAt.slice(0, 10)}: hidden, no new runs (arbor project unarchive ${p.id})`);
  if (p.baseBranch) row("base branch", p.baseBranch);
  if (!p.implicit) row("default agent", p.defaultAgent ?? "Arbor's default (Claude Code)");
  row("agents may", policyText(p.permissions));
  if (p.isGitRepo && !p.implicit) {
    row(
      "apply hooks",
      p.runHooksOnApply ? "on: Apply runs the repository's own hooks, filters and merge drivers" : "off: Apply runs nothing of the repository",
    );
  }
  row(
    "mcp server",
    p.mcp ? "on: agents may consult Arbor (search sessions, read issues and specs, cite them)" : "off: agents here run without Arbor's MCP server",
  );
  if (!p.implicit) {
    const command = p.checkCommand === null ? null : typeof p.checkCommand === "string" ? p.checkCommand : p.checkCommand.join(" ");
    row(
      "check",
      command ? `${command}  ${paint(style, `(after each turn, at most ${p.checkTimeoutSeconds} s)`, "dim")}` : 'none (arbor project edit --check "npm test")',
    );
    if (p.setupScript) row("setup script", p.setupScript.split("\n")[0]! + (p.setupScript.includes("\n") ? " …" : ""));
    if (p.copyFiles.length) row("copy files", `${p.copyFiles.join(", ")} (and .worktreeinclude's)`);
    if (p.cleanupScript) row("cleanup", p.cleanupScript.split("\n")[0]! + (p.cleanupScript.includes("\n") ? " …" : ""));
    if (p.isGitRepo) row("remote", p.remote ?? "origin (when the repository has one)");
  }
  row(
    "uses",
    `${p.specCount} spec${p.specCount === 1 ? "" : "s"}, ${p.issueCount} issue${p.issueCount === 1 ? "" : "s"}, ${p.executionCount} execution${p.executionCount === 1 ? "" : "s"}`,
  );
  if (p.repository) {
    const r = p.repository;
    const state = [
      r.currentBranch ? `on ${r.currentBranch}` : "detached HEAD",
      r.operation ? `in the middle of a ${r.operation}` : null,
      r.uncommittedFiles ? `${r.uncommittedFiles} uncommitted file${r.uncommittedFiles === 1 ? "" : "s"}` : "clean",
    ];
    row("checkout", state.filter(Boolean).join(", "));
  }
  if (p.isGitRepo) {
    row("worktrees", `${p.worktrees.length}, ${formatBytes(p.worktreeBytes)} on disk`);
    for (const w of p.worktrees) {
      const size = w.missing ? paint(style, "missing", "red") : formatBytes(w.bytes);
      const archived = w.archived ? paint(style, "  archived", "dim") : "";
      lines.push(`    ${w.spare ? "(spare, for the next run)" : (w.branch ?? "(detached)")}  ${paint(style, size, "dim")}${archived}  ${w.path}`);
    }
  }
  // Older servers do not send it.
  const state = p.sessionState;
  if (state && state.sessions > 0)
    row("sessions", `${state.sessions} with their agents' state kept (${formatBytes(state.latestBytes)} as files, ${formatBytes(state.storedBytes)} stored)`);
  for (const problem of p.problems) lines.push(paint(style, `  ! ${problem}`, "yellow"));
  return lines;
}

/** A project's permission policy in words: the mode, then the rules. */
export function policyText(policy: PermissionPolicy | null): string {
  if (!policy) return "each agent's default (ask where it can ask you, else edit files only)";
  const rules = [policy.allow.length ? `allow ${policy.allow.join(", ")}` : "", policy.deny.length ? `deny ${policy.deny.join(", ")}` : ""].filter(Boolean);
  return [`${policy.mode} (${PERMISSION_MODE_LABELS[policy.mode]})`, ...rules].join("; ");
}

/** POST /api/projects/:id/cleanup → what was removed and what was kept, and why. */
export function renderCleanup(c: Partial<WorktreeCleanup>, style: Style): string[] {
  const removed = c.removed ?? [];
  const kept = c.kept ?? [];
  const lines: string[] = [];
  if (removed.length === 0) lines.push(`No worktree of an archived session to remove in ${c.projectId ?? "the project"}.`);
  else {
    lines.push(
      `Removed ${removed.length} worktree${removed.length === 1 ? "" : "s"} of archived sessions from ${c.projectId} (${formatBytes(c.freedBytes ?? 0)} freed; snapshots kept):`,
    );
    for (const r of removed) lines.push(`  ${r.branch ?? "(detached)"}  ${paint(style, r.branchDeleted ? "branch deleted" : "branch kept", "dim")}  ${r.path}`);
  }
  if (kept.length > 0) {
    lines.push(`Kept ${kept.length}:`);
    for (const k of kept) lines.push(`  ${k.branch ?? "(detached)"}  ${k.path}: ${paint(style, k.reason, "yellow")}`);
  }
  return lines;
}
