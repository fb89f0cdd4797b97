import { randomUUID } from "node:crypto";
import { stat } from "node:fs/promises";
import type { PoisonReason } from "@/lib/sessions/schema";
import type { AgentRuntime } from "@/server/agents/plan-launch";
import { agentCan, launchableMode } from "@/server/agents/registry";
import type { LaunchMode } from "@/server/agents/types";
import { prisma } from "@/server/db";
import type { ResumeFacts } from "@/server/turns/resolve-resume-decision";
import { launchToJudge } from "@/server/turns/rewrite-lineage";
import type { Execution } from "@/server/generated/prisma/client";
import { sourceFiles } from "@/server/runner/workspace/worktree-state";
import { checkTranscript } from "@/server/sessions/check-transcript";
import { recordTranscriptHealth } from "@/server/sessions/session-health";
import { hasSessionState } from "@/server/session-state/has-session-state";

// The impure half of the resume decision on the runner, right before a
// launch that would resume: the session's row (agent, runtime, poison), the
// installed CLI (real path, version, whether its probe lists what the resume
// needs: a dry run of the agent's own pure argv builder), whether the
// session's cwd still exists, and whether the agent still has its transcript
// (a stat, recorded on the session as its health; a transcript missing here
// that Arbor keeps counts as there: it is restored before the launch), and, for a line of work
// in a git worktree, whether that worktree is still there.

type ResumeMode = Extract<LaunchMode, { kind: "continue" | "fork" }>;

export async function gatherResumeFacts(
  execution: Execution,
  mode: ResumeMode,
  runtime: AgentRuntime | null,
  env: Readonly<Record<string, string | undefined>>,
): Promise<ResumeFacts> {
  const agentSessionId = mode.kind === "continue" ? mode.sessionId : mode.fromSessionId;
  const [rows, firstTurn] = await Promise.all([
    prisma.session.findMany({ where: { agentSessionId } }),
    prisma.execution.findFirst({ where: { sessionId: agentSessionId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }], select: { cwd: true, agent: true } }),
  ]);
  const row = rows.find((r) => r.agent === execution.agent) ?? rows[0] ?? null;
  const sessionAgent = row?.agent ?? firstTurn?.agent ?? execution.agent;
  const cwd = firstTurn?.cwd ?? execution.cwd;
  // The decision needs the stat; storing it as the session's health is not on the launch's path.
  const [cwdExists, transcript, files, stored] = await Promise.all([
    isDirectory(cwd),
    checkTranscript(sessionAgent, { sessionId: agentSessionId, cwd }, env),
    sourceFiles(mode.kind === "continue" ? execution.parentExecutionId : execution.forkedFromExecutionId, execution.runnerId),
    hasSessionState(sessionAgent, agentSessionId),
  ]);
  if (transcript && row) void recordTranscriptHealth(row.id, transcript).catch(() => {});
  // A Continue whose worktree is gone runs as a fork (rewrite-lineage.ts): the CLI must be able to fork.
  const launch = launchToJudge(mode, files, randomUUID());
  return {
    requested: mode.kind,
    forceFresh: execution.forceFresh,
    agent: execution.agent,
    session: {
      agent: sessionAgent,
      runtime: row?.runtimePath ? { path: row.runtimePath, version: row.runtimeVersion } : null,
      poisoned: row?.poisonedAt && row.poisonedReason ? { reason: row.poisonedReason as PoisonReason, message: row.poisonedMessage } : null,
      // Missing here but kept by Arbor: restored once the turn's place is settled (plan-turn.ts), so it resumes.
      transcript: transcript?.state === "missing" && stored ? "available" : (transcript?.state ?? null),
      cwd,
      cwdExists,
    },
    files,
    declared: { agentName: runtime?.agent.displayName ?? execution.agent, capabilities: runtime?.agent.sessionCapabilities ?? [] },
    installed: runtime && {
      runtime: { path: runtime.realPath, version: runtime.capabilities?.version ?? null },
      cannotResume: cannotResume(runtime, launch, env),
    },
  };
}

/** Why this CLI cannot make the launch (the agent's capabilities, then its --help probe), or null when it can. Pure. */
export function cannotResume(runtime: AgentRuntime, mode: ResumeMode, env: Readonly<Record<string, string | undefined>>): string | null {
  const { agent } = runtime;
  if (mode.kind === "continue" && !agentCan(agent, "resume-by-id")) return `${agent.displayName} cannot resume a session by id`;
  if (mode.kind === "fork" && !agentCan(agent, "fork")) return `${agent.displayName} cannot fork a session`;
  if (mode.kind === "fork" && mode.atMessageId && !agentCan(agent, "fork-at-message")) return `${agent.displayName} cannot branch at a message`;
  // The agent's own builder knows which options the launch needs; a dry run says whether the probe lists them.
  const plan = agent.buildLaunch(
    { mode: launchableMode(agent, mode), prompt: "-" },
    { binaryPath: runtime.binaryPath, capabilities: runtime.capabilities, env },
  );
  return !plan.ok && plan.code === "agent_unsupported" ? plan.message : null;
}

async function isDirectory(dir: string): Promise<boolean> {
  try {
    return (await stat(dir)).isDirectory();
  } catch {
    return false;
  }
}
