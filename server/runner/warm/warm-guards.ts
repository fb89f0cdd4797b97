import { stat } from "node:fs/promises";
import { checkLaunchCwd } from "@/server/executions/resolve-cwd";
import { resolveResumeDecision } from "@/server/turns/resolve-resume-decision";
import type { Execution } from "@/server/generated/prisma/client";
import { readTurnPolicyInputs, type TurnPolicyInputs } from "@/server/permissions/load-turn-permissions";
import { mainCheckoutProblem } from "@/server/projects/main-checkout-rule";
import { registeredDirectories } from "@/server/projects/registered-directories";
import type { LaunchPlace } from "@/server/runner/workspace/prepare-workspace";
import type { WarmProcess } from "@/server/runner/warm/warm-process";
import { checkTranscript } from "@/server/sessions/check-transcript";

// The runner's own resume guards for a turn that would go to a warm process,
// with what the live process already settles (the same agent, the same
// runtime, capable): the turn's directory is there and is the process's, the
// agent still has the session's transcript, and the CLI on disk is the one
// the process was started from. Without a project (or in its shared
// directory) the turn works in its recorded cwd (server/runner/workspace/prepare-workspace.ts), so
// checking that settles its place; a project's worktree is settled by the
// caller. The file-system facts (and the turn's policy inputs) are read side by side, and for a Continue
// started as soon as it was queued, while it is being claimed (preflight).

export type Preflight = {
  cwd: ReturnType<typeof checkLaunchCwd>;
  transcript: ReturnType<typeof checkTranscript>;
  binary: Promise<BinaryStat | null>;
  /** The turn's project policy and session rules, read at the same time (null: the process's project is not known). */
  policy: TurnPolicyInputs | null;
};

type BinaryStat = { mtimeMs: number; size: number };
type Ctx = { env: NodeJS.ProcessEnv; workspaceRoots: readonly string[] };

/** The warm process's binary as it is on disk now (an upgrade in place changes it). */
export function binaryStat(process: WarmProcess): Promise<BinaryStat | null> {
  return stat(process.options.argv[0]!).then(
    (s) => ({ mtimeMs: s.mtimeMs, size: s.size }),
    () => null,
  );
}

/** The facts a Continue of this process's session will be checked against: the turn must run where the process does. */
export function preflight(process: WarmProcess, sessionId: string, ctx: Ctx): Preflight {
  const cwd = process.options.requestedCwd;
  return {
    cwd: checkLaunchCwd(cwd, ctx.workspaceRoots),
    transcript: checkTranscript(process.options.agentId, { sessionId, cwd }, ctx.env),
    binary: binaryStat(process),
    policy: process.options.projectId === undefined ? null : readTurnPolicyInputs(process.options.projectId, process.options.agentId, sessionId),
  };
}

export type GuardVerdict = { why: string | null; reason: "resumable" | "runtime_upgraded"; settled: LaunchPlace | null };

export async function warmGuards(execution: Execution, process: WarmProcess, sessionId: string, ctx: Ctx, early: Preflight | undefined): Promise<GuardVerdict> {
  const direct = !execution.projectId || execution.sharedDirectory;
  const same = early && execution.cwd === process.options.requestedCwd ? early : undefined;
  const [cwdCheck, cwdExists, transcript, binary, registered] = await Promise.all([
    direct ? (same?.cwd ?? checkLaunchCwd(execution.cwd, ctx.workspaceRoots)) : null,
    direct
      ? true
      : stat(execution.cwd).then(
          (s) => s.isDirectory(),
          () => false,
        ),
    same?.transcript ?? checkTranscript(execution.agent, { sessionId, cwd: execution.cwd }, ctx.env),
    early?.binary ?? binaryStat(process),
    // A directory registered as a project since the process started is that project's main checkout now.
    direct ? registeredDirectories() : null,
  ]);
  let why: string | null = null;
  if (cwdCheck && !cwdCheck.ok) why = cwdCheck.message;
  else if (cwdCheck && registered) why = mainCheckoutProblem(cwdCheck.real, execution, registered);
  if (!why && cwdCheck?.ok && cwdCheck.real !== process.options.cwd) why = "The turn runs in another directory than the warm process";
  const was = process.options.binary;
  if (was && (!binary || binary.mtimeMs !== was.mtimeMs || binary.size !== was.size))
    why = "The agent's CLI was replaced on disk since its warm process started";
  const runtime = process.options.runtime.path ? { path: process.options.runtime.path, version: process.options.runtime.version } : null;
  const decision = resolveResumeDecision({
    requested: "continue",
    forceFresh: execution.forceFresh,
    agent: execution.agent,
    session: { agent: process.options.agentId, runtime, poisoned: null, transcript: transcript?.state ?? null, cwd: execution.cwd, cwdExists },
    installed: runtime && { runtime, cannotResume: null },
  });
  if (decision.kind !== "resume") why ??= decision.message ?? "The session cannot be resumed as it is";
  return {
    why,
    reason: decision.kind === "resume" && decision.reason === "runtime_upgraded" ? "runtime_upgraded" : "resumable",
    settled: cwdCheck?.ok ? { ok: true, cwd: cwdCheck.real } : null,
  };
}
