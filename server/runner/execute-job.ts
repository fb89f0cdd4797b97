import type pg from "pg";
import { prisma } from "@/server/db";
import type { Execution } from "@/server/generated/prisma/client";
import { STATUS_CHANNEL } from "@/server/realtime/channels";
import type { LaunchMode, ResultSignal } from "@/server/agents/types";
import { prepareLaunch, spawnAgent } from "@/server/runner/agent-adapter";
import { EventWriter } from "@/server/runner/event-writer";
import { recordSessionCapture } from "@/server/sessions/record-session-capture";

export type RunnerContext = {
  runnerId: string;
  pool: pg.Pool;
  /** Live processes of this runner, by execution id, for Cancel and shutdown. */
  live: Map<string, LiveProcess>;
  env: NodeJS.ProcessEnv;
  cancelGraceMs: number;
  /** Called after each batch of events is stored (the search indexer backs off while this runner ingests). */
  onEventsStored?: () => void;
};

export type LiveProcess = {
  terminate: (graceMs: number) => Promise<void>;
  /** Set by Cancel. */
  cancelled: boolean;
  /** Set when the runner itself shuts down: the run ends interrupted, session kept. */
  stopping: boolean;
};

const STDERR_TAIL = 4_000;

async function notifyStatus(pool: pg.Pool, executionId: string) {
  await pool.query(`SELECT pg_notify($1, $2)`, [STATUS_CHANNEL, executionId]);
}

/** Decides how to launch: new session, continue, or fork (exactly at the source's last message when the session moved on). */
async function launchKindFor(execution: Execution): Promise<{ launch: LaunchMode } | { error: { code: string; message: string } }> {
  if (execution.parentExecutionId) {
    return { launch: { kind: "continue", sessionId: execution.targetSessionId! } };
  }
  if (execution.forkedFromExecutionId) {
    const source = await prisma.execution.findUnique({ where: { id: execution.forkedFromExecutionId } });
    const fromSessionId = execution.forkSessionId ?? source?.sessionId;
    if (!fromSessionId) return { error: { code: "session_not_found", message: "The execution this fork starts from has no session" } };
    // Has the source's session moved on since the source ran? Then a plain
    // --resume would branch from the newer turn; pin the source's last message.
    let resumeAt: string | null = null;
    if (source) {
      const later = await prisma.execution.findFirst({
        where: {
          id: { not: source.id },
          createdAt: { gt: source.createdAt },
          // A later turn in the session, or one about to be: a continuation that
          // is queued or starting has not reported the session id yet (sessionId
          // is null until system/init), yet its prompt may already be in the
          // transcript by the time this fork's agent reads it.
          OR: [
            { sessionId: fromSessionId, startedAt: { not: null } },
            { sessionId: null, targetSessionId: fromSessionId, status: { in: ["queued", "running"] } },
          ],
        },
        select: { id: true },
      });
      if (later) {
        if (!source.lastMessageId) {
          return { error: { code: "agent_error", message: "Cannot branch from this execution: it recorded no assistant message to branch at" } };
        }
        resumeAt = source.lastMessageId;
      }
    }
    return { launch: { kind: "fork", fromSessionId, newSessionId: execution.targetSessionId!, atMessageId: resumeAt } };
  }
  return { launch: { kind: "new", sessionId: execution.targetSessionId! } };
}

async function fail(ctx: RunnerContext, executionId: string, code: string, message: string) {
  await prisma.execution.update({ where: { id: executionId }, data: { status: "failed", errorCode: code, errorMessage: message, finishedAt: new Date() } });
  await notifyStatus(ctx.pool, executionId);
}

export async function executeJob(ctx: RunnerContext, executionId: string): Promise<void> {
  // Claim: only a queued execution starts, exactly once (Cancel may have won).
  const claimed = await prisma.execution.updateMany({
    where: { id: executionId, status: "queued" },
    data: { status: "running", runnerId: ctx.runnerId, startedAt: new Date() },
  });
  if (claimed.count === 0) return;
  const execution = await prisma.execution.findUniqueOrThrow({ where: { id: executionId } });
  await notifyStatus(ctx.pool, executionId);

  const writer = new EventWriter(ctx.pool, executionId, execution.eventCount, ctx.onEventsStored);
  const note = (kind: string, data: Record<string, unknown>) => writer.push({ stream: "arbor", kind, json: JSON.stringify(data) });

  const plan = await launchKindFor(execution);
  if ("error" in plan) {
    note("error", { message: plan.error.message });
    await writer.flush();
    return fail(ctx, executionId, plan.error.code, plan.error.message);
  }
  // The agent receives the prompt with cited specs/issues expanded, when any were.
  const prepared = await prepareLaunch(execution.agent, plan.launch, execution.agentPrompt ?? execution.prompt, ctx.env);
  if (!prepared.ok) {
    note("error", { message: prepared.message });
    await writer.flush();
    return fail(ctx, executionId, prepared.code, prepared.message);
  }
  const resumeAt = plan.launch.kind === "fork" ? (plan.launch.atMessageId ?? null) : null;
  note("launch", { argv: prepared.argv, cwd: execution.cwd, runnerId: ctx.runnerId });

  const agent = spawnAgent({ argv: prepared.argv, env: prepared.env, cwd: execution.cwd, baseEnv: ctx.env });
  const entry: LiveProcess = { terminate: agent.terminate, cancelled: false, stopping: false };
  ctx.live.set(executionId, entry);
  if (agent.pid) {
    const row = await prisma.execution.update({ where: { id: executionId }, data: { pid: agent.pid, resumeAtMessageId: resumeAt } });
    // A cancel that came while the launch was being prepared found no live
    // process, so its NOTIFY was dropped: honour it now, not at the next heartbeat.
    if (row.cancelRequestedAt && !entry.cancelled) {
      entry.cancelled = true;
      void entry.terminate(ctx.cancelGraceMs);
    }
  }

  const expectedSession = plan.launch.kind === "fork" ? plan.launch.newSessionId : plan.launch.kind === "continue-latest" ? undefined : plan.launch.sessionId;
  let pinnedSession: string | null = null;
  let pinning: Promise<unknown> = Promise.resolve();
  let lastMessageId: string | null = null;
  let result: ResultSignal | null = null;
  let stderrTail = "";
  let stderrSessionNotFound = false;
  let stderrSessionInUse = false;

  agent.onStdoutLine((line, truncated) => {
    const parsed = prepared.parseLine(line, truncated);
    writer.push({ stream: "stdout", kind: parsed.kind, json: parsed.json, searchText: parsed.searchText });
    const s = parsed.signals;
    if (s.sessionId && !pinnedSession) {
      if (s.sessionId === expectedSession) {
        pinnedSession = s.sessionId;
        // Pinned the moment the agent reports it, so the UI shows it while the run is live.
        // Announce first (live pages show the id at once), then record its
        // Session (SESS-n: created, or joined by a Continue) and announce again.
        pinning = prisma.execution
          .update({ where: { id: executionId }, data: { sessionId: s.sessionId } })
          .then(() => notifyStatus(ctx.pool, executionId))
          .then(() => recordSessionCapture(executionId))
          .then(() => notifyStatus(ctx.pool, executionId));
      } else {
        note("warning", { message: `Agent reported session ${s.sessionId}, expected ${expectedSession}; not recorded` });
      }
    }
    if (s.assistantMessageId) lastMessageId = s.assistantMessageId;
    if (s.result) result = s.result;
    // Returning a promise pauses reading the agent's stdout until the backlog
    // is stored: memory stays flat however fast the agent prints.
    if (writer.needsDrain) return writer.flush().catch(() => {});
  });
  agent.onStderr((text) => {
    writer.push({ stream: "stderr", kind: "stderr", json: JSON.stringify({ text }) });
    stderrTail = (stderrTail + text).slice(-STDERR_TAIL);
    const signals = prepared.classifyStderr(stderrTail);
    stderrSessionNotFound ||= Boolean(signals.sessionNotFound);
    stderrSessionInUse ||= Boolean(signals.sessionIdInUse);
  });

  const exit = await agent.wait();
  ctx.live.delete(executionId);
  await pinning.catch(() => {});
  await writer.flush().catch(() => {});

  const final = result as ResultSignal | null;
  const cancelled = entry.cancelled;
  let status: "completed" | "failed" | "cancelled" | "interrupted" = "completed";
  let errorCode: string | null = null;
  let errorMessage: string | null = null;
  if (!exit.ok) {
    status = "failed";
    errorCode = exit.reason === "agent_not_found" ? "agent_not_found" : "spawn_failed";
    errorMessage = exit.message;
  } else if (cancelled) {
    status = "cancelled";
  } else if (entry.stopping) {
    status = "interrupted";
    errorCode = "runner_lost";
    errorMessage = "The runner stopped while this execution ran. Its session is kept: Continue it to pick up where it stopped.";
  } else if (final?.sessionNotFound || stderrSessionNotFound) {
    status = "failed";
    errorCode = "session_not_found";
    errorMessage = "The agent no longer has this session (expired or deleted transcript, or another machine/directory). Start fresh to run the prompt in a new session.";
  } else if (stderrSessionInUse) {
    status = "failed";
    errorCode = "agent_error";
    errorMessage = `The agent refused the session id ${expectedSession}: it is already in use`;
  } else if (final?.isError) {
    status = "failed";
    errorCode = "agent_error";
    errorMessage = final.errorMessage ?? "The agent reported an error";
  } else if (exit.exitCode !== 0) {
    status = "failed";
    errorCode = "exit_nonzero";
    const why = exit.signal ? `was stopped by ${exit.signal}` : `exited with code ${exit.exitCode}`;
    errorMessage = `The agent ${why}${stderrTail.trim() ? `: ${stderrTail.trim().split("\n").slice(-3).join(" ")}` : ""}`;
  }
  if (writer.error) {
    note("error", { message: `Some output could not be stored: ${writer.error.message}` });
    await writer.flush().catch(() => {});
  }

  // A failed resume reports a fresh random session id in its result line; only
  // a result that names the pinned session confirms it.
  const confirmed = Boolean(pinnedSession && final?.sessionId === pinnedSession);
  await prisma.execution.update({
    where: { id: executionId },
    data: {
      status,
      errorCode,
      errorMessage,
      exitCode: exit.ok ? exit.exitCode : null,
      sessionConfirmed: confirmed,
      lastMessageId: lastMessageId ?? undefined,
      inputTokens: final?.usage.inputTokens ?? undefined,
      outputTokens: final?.usage.outputTokens ?? undefined,
      costUsd: final?.costUsd ?? undefined,
      durationMs: final?.durationMs ?? undefined,
      numTurns: final?.numTurns ?? undefined,
      finishedAt: new Date(),
    },
  });
  await notifyStatus(ctx.pool, executionId);
}
