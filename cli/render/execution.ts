import { stateRestoreSchema } from "@/lib/executions/schema";
import { stateRestoreText } from "@/lib/executions/state-restore-text";
// Execution objects → terminal lines (header, status changes, the end line). Pure.

import { formatSpanMs, parseTimings, timingBreakdown } from "@/lib/executions/timings";
import type { Execution } from "../types";
import { elapsedMs, formatChanges, formatCost, formatDuration, formatTime, formatTokens, oneLine, shortId } from "./format";
import { paint, statusPaint, type Style } from "./style";
import { checkMark } from "./tree";

function str(v: unknown): string | undefined {
  return typeof v === "string" && v !== "" ? v : undefined;
}

function asRecord(v: unknown): Record<string, unknown> {
  return v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
}

export function renderStatus(status: unknown, style: Style): string {
  const s = typeof status === "string" && status !== "" ? status : "unknown";
  return paint(style, s, ...statusPaint(s), "bold");
}

/** "1,234 in / 567 out tokens · $0.0123", or undefined when there is no usage. */
export function formatUsage(usage: unknown): string | undefined {
  const u = asRecord(usage);
  const parts: string[] = [];
  const inTok = formatTokens(u.inputTokens);
  const outTok = formatTokens(u.outputTokens);
  const cacheRead = formatTokens(u.cacheReadTokens);
  if (inTok || outTok) parts.push(`${inTok ?? "?"} in${cacheRead && u.cacheReadTokens ? ` (${cacheRead} cache read)` : ""} / ${outTok ?? "?"} out tokens`);
  const cost = formatCost(u.costUsd);
  if (cost) parts.push(cost);
  return parts.length ? parts.join(" · ") : undefined;
}

export function formatError(error: unknown): string | undefined {
  if (typeof error === "string") return error || undefined;
  const e = asRecord(error);
  const message = str(e.message);
  const code = str(e.code);
  if (!message && !code) return undefined;
  return code && message ? `${code}: ${message}` : (message ?? code);
}

/**
 * How the turn related to the agent's session, in a line: "resumed · saved ≈
 * 12,345 input tokens", "fresh session with Arbor's transcript: <why>", …;
 * undefined for a new run.
 */
export function formatResume(exec: Execution): string | undefined {
  const resume = asRecord(exec.resume);
  const telemetry = asRecord(exec.telemetry);
  const saved = formatTokens(telemetry.savedInputTokens);
  const carried = formatTokens(telemetry.transcriptTokens);
  const why = str(resume.message);
  switch (str(resume.decision)) {
    case "resume":
    case "fork": {
      const verb = resume.decision === "fork" ? "forked the agent's session" : "resumed the agent's session";
      const head = telemetry.sessionResumed
        ? `${verb}${saved ? ` · saved ≈ ${saved} input tokens` : ""}`
        : `${resume.decision === "fork" ? "fork" : "resume"} planned`;
      return why ? `${head} (${why})` : head;
    }
    case "fresh_with_transcript": {
      const head =
        resume.reason === "resume_rejected" ? "continued from Arbor's transcript — the agent's session was gone" : "fresh session carrying Arbor's transcript";
      return `${head}${carried ? ` (≈ ${carried} tokens)` : ""}${why && resume.reason !== "resume_rejected" ? `: ${why}` : ""}`;
    }
    case "fresh":
      return `fresh session without the conversation${why ? `: ${why}` : ""}`;
    default:
      return undefined;
  }
}

/** "warm process (pid 123): …", "spawned (pid 123)", "steered into the running turn of …"; undefined before it started. */
export function formatLaunch(exec: Execution): string | undefined {
  const launch = asRecord(exec.launch);
  const pid = typeof launch.pid === "number" ? ` (pid ${launch.pid})` : "";
  const reason = str(launch.reason);
  const why = reason ? ` · ${reason}` : "";
  switch (str(launch.kind)) {
    case "warm":
      return `warm process${pid}: the session's live agent process took it as its next message${why}`;
    case "prestarted":
      return `launch: pre-started process${pid}: the runner had the agent started ahead, waiting for this run's prompt${why}`;
    case "steer":
      return `steered into the running turn${str(exec.parentExecutionId) ? ` of ${exec.parentExecutionId}` : ""}, which answered it${why}`;
    case "spawn":
      return `spawned${pid}${why}`;
    default:
      return undefined;
  }
}

/** Where the launch's time went: "request → recorded 3.1 ms · queue → runner 5.9 ms · … = 41 ms". */
export function formatTimings(exec: Execution): string | undefined {
  const breakdown = timingBreakdown(parseTimings(exec.timings));
  if (!breakdown) return undefined;
  return `${breakdown.spans.map((span) => `${span.label} ${formatSpanMs(span.ms)}`).join(" · ")} = ${formatSpanMs(breakdown.totalMs)}`;
}

/** The block printed above an execution's log by `arbor show`. */
export function renderExecutionHeader(exec: Execution, style: Style): string[] {
  const width = style.columns ?? 160;
  const label = (name: string) => paint(style, `  ${name.padEnd(10)} `, "dim");
  const lines: string[] = [];
  lines.push(`${paint(style, "Execution", "bold")} ${exec.id ?? "?"}  ${renderStatus(exec.status, style)}${honestState(exec, style)}`);

  const issue = str(exec.issueId);
  if (issue) lines.push(label("issue") + issue);
  const agent = str(exec.agent);
  const model = str(exec.model);
  if (agent) lines.push(label("agent") + agent + (model ? ` · model ${model}` : ""));
  else if (model) lines.push(label("model") + model);
  const group = str(exec.groupId);
  if (group) lines.push(`${label("group")}${group} (fan-out: arbor group ${group})`);
  lines.push(label("session") + (sessionText(exec) ?? paint(style, "(not started yet)", "dim")));
  const parent = str(exec.parentExecutionId);
  if (parent) lines.push(label("continues") + parent);
  const forkedFrom = str(exec.forkedFromExecutionId);
  if (forkedFrom) {
    const forkSession = str(exec.forkSessionId);
    lines.push(`${label("forked")}from ${forkedFrom}${forkSession ? ` (the agent's session ${forkSession})` : ""}`);
  }
  const restartedFrom = str(exec.restartedFromExecutionId);
  if (restartedFrom) lines.push(label("restarts") + restartedFrom);
  const waiting = str(exec.waitingForExecutionId);
  if (waiting) lines.push(`${label("waiting")}for ${waiting} (an earlier turn of this session)`);
  const resume = formatResume(exec);
  if (resume) lines.push(label("resume") + resume);
  const permissions = formatPermissions(exec.permissions);
  if (permissions) lines.push(label("may") + permissions);
  const restored = stateRestoreText(stateRestoreSchema.safeParse(exec.stateRestore).data);
  if (restored) lines.push(label("state") + restored);
  const cwd = str(exec.cwd);
  if (cwd) lines.push(label("cwd") + cwd);
  const project = str(exec.projectId);
  if (project) lines.push(label("project") + project + (exec.sharedDirectory === true ? " (in its directory itself: shared)" : ""));
  const worktree = asRecord(exec.worktree);
  const branch = str(worktree.branch);
  if (branch) {
    const state = str(worktree.state);
    const changes = formatChanges(exec.worktree);
    lines.push(label("worktree") + branch + (state && state !== "present" ? ` (${state})` : "") + (changes ? `  ${changes}` : ""));
  }
  const pushed = asRecord(exec.pushed);
  const pushedBranch = str(pushed.branch);
  if (pushedBranch) {
    const at = formatTime(pushed.at);
    lines.push(`${label("pushed")}${pushedBranch} to ${str(pushed.remote) ?? "?"} at ${(str(pushed.commit) ?? "").slice(0, 12)}${at ? ` (${at})` : ""}`);
  }
  const check = asRecord(exec.check);
  const mark = checkMark(exec.check);
  if (mark) {
    const reused = str(check.reusedFromExecutionId);
    const hint = ["failed", "timed_out", "error"].includes(str(check.status) ?? "") ? `  (arbor continue ${shortId(str(exec.id) ?? "")} --with-check)` : "";
    lines.push(
      `${label("check")}${paint(style, mark.text, mark.color)} ${str(check.summary) ?? ""}${reused ? ` (reused from ${shortId(reused)})` : ""}${hint}`,
    );
  }
  const prompt = oneLine(exec.prompt, Math.max(20, width - 13));
  if (prompt) lines.push(label("prompt") + prompt);
  const usage = formatUsage(exec.usage);
  if (usage) lines.push(label("usage") + usage);
  const error = formatError(exec.error);
  if (error) lines.push(label("error") + paint(style, error, "red"));
  const launch = formatLaunch(exec);
  if (launch) lines.push(label("launch") + launch);
  const timings = formatTimings(exec);
  if (timings) lines.push(label("timings") + paint(style, timings, "dim"));
  const times: string[] = [];
  const created = formatTime(exec.createdAt);
  if (created) times.push(`created ${created}`);
  const started = formatTime(exec.startedAt);
  if (started) times.push(`started ${started}`);
  const finished = formatTime(exec.finishedAt);
  if (finished) times.push(`finished ${finished}`);
  if (times.length) lines.push(label("time") + times.join(" · "));
  return lines;
}

/** "SESS-3 · the agent's session 0f1e2d3c-…": Arbor's session, and the agent's own id (what its CLI resumes). */
function sessionText(exec: Execution): string | undefined {
  const managed = str(exec.managedSessionId);
  const agents = str(exec.sessionId);
  if (managed && agents) return `${managed} · the agent's session ${agents}`;
  return managed ?? (agents ? `the agent's session ${agents}` : undefined);
}

/** A status change seen while streaming: "── running · SESS-3". */
export function renderStatusChange(exec: Execution, style: Style): string {
  const session = str(exec.managedSessionId);
  return paint(style, "── ", "dim") + renderStatus(exec.status, style) + honestState(exec, style) + (session ? paint(style, ` · ${session}`, "dim") : "");
}

/** " — waiting for you" while the agent waits on a decision; " — 2 actions refused" on a completed turn that was refused some. */
function honestState(exec: Execution, style: Style): string {
  const waiting = asRecord(exec.waitingFor);
  if (exec.status === "running" && str(waiting.approvalId)) return paint(style, ` — waiting for you (${waiting.approvalId})`, "yellow", "bold");
  const refused = typeof exec.refusedActions === "number" ? exec.refusedActions : 0;
  if (exec.status === "completed" && refused > 0) return paint(style, ` — ${refused} action${refused === 1 ? "" : "s"} refused`, "yellow");
  return "";
}

const MODE_WORDS: Record<string, string> = {
  ask: "ask: anything beyond editing files waits for a person",
  edits: "edits: edit files only, the rest refused",
  plan: "plan: a plan first, for a person to approve",
  trusted: "trusted: everything",
};

/** The policy the turn ran under: "ask: … (the project's policy); allowed Bash(npm test:*); refused Bash(git push:*)". */
function formatPermissions(permissions: unknown): string | undefined {
  const p = asRecord(permissions);
  const mode = str(p.mode);
  if (!mode) return undefined;
  const from = { run: "this run's", project: "the project's policy", "agent-default": "the agent's default" }[str(p.source) ?? ""] ?? "";
  const rules = (name: string, list: unknown) =>
    Array.isArray(list) && list.length ? `; ${name} ${list.filter((r) => typeof r === "string").join(", ")}` : "";
  return `${MODE_WORDS[mode] ?? mode}${from ? ` (${from})` : ""}${rules("allowed", p.allow)}${rules("refused", p.deny)}`;
}

/** The final line(s) once the stream ends. */
export function renderEnd(exec: Execution, style: Style): string[] {
  const parts: string[] = [];
  const duration = formatDuration(elapsedMs(exec.startedAt, exec.finishedAt));
  if (duration) parts.push(duration);
  const usage = formatUsage(exec.usage);
  if (usage) parts.push(usage);
  const lines = [
    paint(style, "── ", "dim") +
      renderStatus(exec.status, style) +
      honestState(exec, style) +
      (parts.length ? paint(style, ` · ${parts.join(" · ")}`, "dim") : ""),
  ];
  const error = formatError(exec.error);
  if (error) lines.push(paint(style, `   ${error}`, "red"));
  return lines;
}

/** What `run` / `continue` / `fork` print for the execution they created. */
export function renderCreated(exec: Execution, style: Style): string[] {
  const details: string[] = [];
  const agent = str(exec.agent);
  const model = str(exec.model);
  if (agent) details.push(model ? `${agent} · ${model}` : agent);
  const issue = str(exec.issueId);
  if (issue) details.push(`issue ${issue}`);
  const parent = str(exec.parentExecutionId);
  if (parent) details.push(`continues ${shortId(parent)}`);
  const session = str(exec.managedSessionId);
  if (session) details.push(`in ${session}`);
  const forkedFrom = str(exec.forkedFromExecutionId);
  if (forkedFrom) details.push(`forked from ${shortId(forkedFrom)}`);
  const restarted = str(exec.restartedFromExecutionId);
  if (restarted) details.push(`restarts ${shortId(restarted)}`);
  const lines = [
    `${paint(style, "Execution", "bold")} ${exec.id ?? "?"} ${renderStatus(exec.status, style)}` +
      (details.length ? paint(style, ` (${details.join(", ")})`, "dim") : ""),
  ];
  // Told up front: this turn will not resume the agent's session, and why.
  const resume = asRecord(exec.resume);
  if (resume.decision === "fresh_with_transcript" || resume.decision === "fresh") lines.push(paint(style, `  ${formatResume(exec)}`, "yellow"));
  return lines;
}
