import type { CheckStatus } from "@/lib/executions/schema";

// The rules of a check's result (issue 25), pure: its status from how the
// process ended, the one line that sums it up, and the prompt that continues
// a session with a failing check's output. Shared by the runner, the API and
// the UI (the Continue form shows the prompt it would send).

export type CheckEnding =
  | { kind: "exited"; exitCode: number; durationMs: number }
  | { kind: "timed_out"; durationMs: number }
  | { kind: "stopped"; durationMs: number }
  | { kind: "not_started"; message: string; durationMs: number };

/** How many of the output's last lines a summary and a Continue carry. */
export const TAIL_LINES = 60;
const TAIL_CHARS = 8_000;

export function checkStatusOf(ending: CheckEnding): Exclude<CheckStatus, "running"> {
  switch (ending.kind) {
    case "exited":
      return ending.exitCode === 0 ? "passed" : "failed";
    case "timed_out":
      return "timed_out";
    default:
      return "error";
  }
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0)} s`;

/** "passed in 4.2 s", "failed (exit 1) in 3.0 s: 2 failing", "timed out after 600 s", "could not start: …". */
export function summarizeCheck(ending: CheckEnding, tail: readonly string[], timeoutSeconds: number): string {
  const last =
    [...tail]
      .reverse()
      .find((line) => line.trim() !== "")
      ?.trim() ?? "";
  const said = last ? `: ${last.length > 160 ? `${last.slice(0, 159)}…` : last}` : "";
  switch (ending.kind) {
    case "exited":
      return ending.exitCode === 0 ? `passed in ${seconds(ending.durationMs)}` : `failed (exit ${ending.exitCode}) in ${seconds(ending.durationMs)}${said}`;
    case "timed_out":
      return `timed out after ${timeoutSeconds} s (stopped with everything it started)${said}`;
    case "stopped":
      return "stopped: the runner shut down while it ran";
    case "not_started":
      return `could not start: ${ending.message}`;
  }
}

/** The last lines of the output, cut to a size a prompt can carry. */
export function outputTail(lines: readonly string[], max = TAIL_LINES): string[] {
  const tail = lines.slice(-max);
  let total = 0;
  const kept: string[] = [];
  for (let i = tail.length - 1; i >= 0; i--) {
    total += tail[i]!.length + 1;
    if (total > TAIL_CHARS) break;
    kept.unshift(tail[i]!);
  }
  return kept;
}

/** The prompt of "Continue with the failure": what failed, the output's tail, and what the person added. */
export function checkFailurePrompt(check: { status: CheckStatus; command: string; summary: string }, tail: readonly string[], extra?: string): string {
  const what = check.status === "timed_out" ? "did not finish in time" : check.status === "error" ? "could not run" : "failed";
  const lines = [
    `The project's check \`${check.command}\` ${what} on your last change (${check.summary}).`,
    "",
    "The end of its output:",
    "```",
    ...outputTail(tail),
    "```",
    "",
    "Fix the cause so the check passes.",
  ];
  if (extra?.trim()) lines.push("", extra.trim());
  return lines.join("\n");
}

/** The command as the person set it, for display (an argv joined with spaces). */
export function commandText(command: string | readonly string[]): string {
  return typeof command === "string" ? command : command.join(" ");
}
