import type pg from "pg";
import { nowMs, parseTimings, type Timings } from "@/lib/executions/timings";
import type { ExecutionErrorCode } from "@/lib/executions/types";
import { settleRun } from "@/server/agents/session-report";
import { SessionTracker } from "@/server/agents/session-tracker";
import { prisma } from "@/server/db";
import { recordSessionFacts, retryRejectedResume } from "@/server/runner/after-turn";
import { announceStatus, claimExecution } from "@/server/runner/claim-execution";
import { classifyExit, type ExitClassification } from "@/server/runner/classify-exit";
import { EventWriter } from "@/server/runner/event-writer";
import { measureSavedTranscript, planTurn } from "@/server/runner/plan-turn";
import { settleLaunchCwd } from "@/server/runner/prepare-workspace";
import { snapshotExecution } from "@/server/runner/snapshot-execution";
import { once, startTurnAgent, type WarmSessions } from "@/server/runner/warm/warm-sessions";
import { DraftBuffer } from "@/server/runner/draft-buffer";
import { turnApprovalsFor, type ApprovalsContext } from "@/server/runner/approvals/attach-approvals";
import { announceEnding } from "@/server/runner/announce-ending";
import { notifyStatus, pinSession, previousSessionTotal, recordProcess } from "@/server/runner/turn-records";

// One job: claim the execution, decide how to launch it (plan-turn.ts:
// lineage, then resume or Arbor's transcript), settle and check where it
// works (prepare-workspace.ts: a git worktree of its own), spawn the
// agent, store its output while folding it into the session outcome
// (session-tracker.ts), record what the turn taught about its session
// (after-turn.ts: poison, transcript health) and how it ended
// (classify-exit.ts) with its worktree's snapshot (snapshot-execution.ts),
// then retry a rejected resume once from Arbor's transcript (after-turn.ts).

export type RunnerContext = ApprovalsContext & {
  runnerId: string;
  pool: pg.Pool;
  /** Live processes of this runner, by execution id, for Cancel and shutdown. */
  live: Map<string, LiveProcess>;
  /** The environment agents inherit. */
  env: NodeJS.ProcessEnv;
  /** ARBOR_WORKSPACE_ROOTS: every cwd is checked against them again right before its spawn. */
  workspaceRoots: readonly string[];
  cancelGraceMs: number;
  /** Called after each batch of events is stored (the search indexer backs off while this runner ingests). */
  onEventsStored?: () => void;
  /** Warm sessions (server/runner/warm/): absent, every turn spawns its agent. */
  warm?: WarmSessions;
};

export type LiveProcess = {
  terminate: (graceMs: number) => Promise<void>;
  /** Set by Cancel. */
  cancelled: boolean;
  /** Set when the runner itself shuts down: the run ends interrupted, session kept. */
  stopping: boolean;
};

const STDERR_TAIL = 4_000;

/**
 * After the line naming the session, how long the Session's bookkeeping waits
 * for the agent's next line at most (the agent is sending its first model
 * request meanwhile: well under this for Claude Code, even cold, here).
 */
const AGENT_START_GRACE_MS = 250;

/**
 * `options.early`: a Continue of a warm process's last turn, started as it was
 * queued (warm/early-turns.ts), not by a worker. A worker's job whose
 * execution such a run claimed waits for that run (the session's queue stays held).
 */
export async function executeJob(ctx: RunnerContext, executionId: string, options: { early?: boolean } = {}): Promise<void> {
  const pickedAt = nowMs();
  // Claim: only a queued execution starts, exactly once (Cancel may have won).
  // An early run is announced once its message is written (recordProcess).
  const execution = await claimExecution(ctx, executionId, { announce: !options.early });
  if (!execution) return options.early ? undefined : ctx.warm?.adopted(executionId);
  // Where the launch's time goes (lib/executions/timings.ts): the web app stamped the request and the insert.
  const timings: Timings = { ...parseTimings(execution.timings), pickedAt, claimedAt: nowMs() };

  const writer = new EventWriter(ctx.pool, executionId, execution.eventCount, ctx.onEventsStored);
  const note = (kind: string, data: Record<string, unknown>) => writer.push({ stream: "arbor", kind, json: JSON.stringify(data) });
  const finish = async (ending: ExitClassification, data: Record<string, unknown> = {}) => {
    // Its worktree's state as a commit, stored with the final status (snapshot-execution.ts).
    const snapshot = await snapshotExecution(executionId, ending.status);
    await prisma.execution.update({ where: { id: executionId }, data: { ...ending, timings, ...data, ...snapshot, finishedAt: new Date() } });
    await notifyStatus(ctx.pool, executionId);
  };
  const refuse = async (errorCode: ExecutionErrorCode, errorMessage: string) => {
    note("error", { message: errorMessage });
    await writer.flush();
    await finish({ status: "failed", errorCode, errorMessage });
  };

  // Lineage and resume decision, then where the agent works (prepare-workspace.ts: a git worktree
  // of its own, or its parent's, or the recorded cwd, checked again: it may have been replaced
  // since); the agent receives the prompt with cited specs/issues expanded, and Arbor's
  // transcript when it cannot resume. A plain Continue of a warm session's head is its live
  // process's next message (server/runner/warm/; the place is settled once, whichever plans).
  const place = once(() => settleLaunchCwd(executionId, ctx.env, ctx.workspaceRoots));
  const turn = (await ctx.warm?.planWarmTurn(execution, place)) ?? (await planTurn(execution, ctx.env, place, { streamInput: ctx.warm?.enabled }));
  if (!turn.ok) return refuse(turn.code, turn.message);
  timings.plannedAt = nowMs();
  const { prepared, mode, cwd } = turn;
  // The plan recorded its decision on the row: pages read it now. A turn for a warm process changed
  // nothing yet; it is announced with its process record, right after its message is written.
  const onWarmProcess = "warm" in turn;
  // A warm process is on its way to the model as soon as it has the message: the turn's first
  // events wait to be stored until its session line's next line (below), AGENT_START_GRACE_MS at most.
  if (onWarmProcess) writer.hold(new Promise((resolve) => setTimeout(resolve, AGENT_START_GRACE_MS)));
  else announceStatus(ctx.pool, executionId);
  note("launch", { argv: prepared.argv, cwd, runnerId: ctx.runnerId, mode: mode.kind, resume: turn.resume, transcript: turn.transcript });
  // Rules the agent's CLI cannot express as written (dropped, never widened; or enforced more broadly).
  for (const message of prepared.permissionNotes) note("warning", { message: `Permission policy: ${message}` });

  const agent = await startTurnAgent(ctx.warm, turn, { execution, argv: prepared.argv, env: prepared.env, cwd, baseEnv: ctx.env, stdin: prepared.stdin });
  const entry: LiveProcess = { terminate: (graceMs) => agent.terminate(graceMs), cancelled: false, stopping: false };
  ctx.live.set(executionId, entry);
  // Not waited for before the output is read: the first lines are what a page waits for.
  const recording = recordProcess(
    ctx,
    executionId,
    agent,
    entry,
    mode.kind === "fork" ? (mode.atMessageId ?? null) : null,
    { launchKind: agent.launch.kind, timings: { ...timings, ...agent.stamps }, ...agent.launchRecord },
    { announce: onWarmProcess },
  );

  const tracker = new SessionTracker({ expectedSessionId: prepared.expectedSessionId });
  const readLine = prepared.createLineReader();
  // People in the loop: the agent's requests for a decision (server/runner/approvals/).
  const approvals = turnApprovalsFor(ctx, {
    execution,
    turn,
    agent,
    note: (kind, data, searchText) => writer.push({ stream: "arbor", kind, json: JSON.stringify(data), searchText }),
    sessionId: () => tracker.outcome().sessionId ?? prepared.expectedSessionId,
  });
  // The text as it is written, joined into a few draft events (draft-buffer.ts).
  const drafts = new DraftBuffer((text) => writer.push({ stream: "stdout", kind: "text_draft", json: JSON.stringify({ text }) }));
  const announced: string[] = [];
  let pinning: Promise<unknown> = Promise.resolve();
  // Resolved by the agent's next line (or AGENT_START_GRACE_MS): the session's own bookkeeping waits for it.
  let nextLine: (() => void)[] = [];
  const afterNextLine = () =>
    new Promise<void>((resolve) => {
      nextLine.push(resolve);
      setTimeout(resolve, AGENT_START_GRACE_MS);
    });
  let stderrTail = "";
  agent.onStdoutLine((line, truncated) => {
    for (const resolve of nextLine) resolve();
    nextLine = [];
    const parsed = readLine(line, truncated);
    if (parsed.kind === "text_draft") {
      const draft = parsed.entries[0];
      if (draft?.type === "text_draft") drafts.add(draft.text);
      return;
    }
    drafts.flush();
    // A partial message's framing is not worth a row (the complete message follows).
    if (!parsed.signals.transient) writer.push({ stream: "stdout", kind: parsed.kind, json: parsed.json, searchText: parsed.searchText });
    approvals?.observe(line, parsed.entries);
    if (parsed.signals.sessionId && !announced.includes(parsed.signals.sessionId)) announced.push(parsed.signals.sessionId);
    const seen = tracker.observeLine(parsed.signals);
    if (seen.pinned) {
      timings.sessionAt = nowMs();
      // The agent's next line comes once it has sent its model request: until then, the session's
      // bookkeeping and the storing of its lines wait (they would take the CPU from it).
      const settled = afterNextLine();
      writer.hold(settled);
      // A warm process's session was recorded with its process (the process confirmed it at its first turn).
      const recorded = agent.pid && agent.launchRecord?.sessionId === seen.pinned ? recording : null;
      pinning = pinSession(ctx, executionId, seen.pinned, settled, recorded);
    }
    if (seen.unexpectedSessionId)
      note("warning", { message: `Agent reported session ${seen.unexpectedSessionId}, expected ${tracker.expectedSessionId}; not recorded` });
    // Returning a promise pauses reading the agent's stdout until the backlog
    // is stored: memory stays flat however fast the agent prints.
    if (writer.needsDrain) return writer.flush().catch(() => {});
  });
  agent.onStderr((text) => {
    writer.push({ stream: "stderr", kind: "stderr", json: JSON.stringify({ text }) });
    stderrTail = (stderrTail + text).slice(-STDERR_TAIL);
    tracker.observeStderr(prepared.classifyStderr(stderrTail));
  });

  await recording.catch((error: Error) => console.error(`[runner] execution ${executionId}: could not record its process:`, error));
  const exit = await agent.wait();
  ctx.live.delete(executionId);
  drafts.flush();
  // What nobody decided before the turn ended is cancelled (the run was) or expired.
  await approvals?.settle(entry.cancelled ? "cancelled" : "expired").catch((error: Error) => ctx.log(`execution ${executionId}: ${error.message}`));
  Object.assign(timings, agent.stamps);
  await pinning.catch(() => {});
  await writer.flush().catch(() => {});
  if (writer.error) {
    note("error", { message: `Some output could not be stored: ${writer.error.message}` });
    await writer.flush().catch(() => {});
  }

  // Telemetry composed once the turn is over, not while the agent starts (it would compete for the CPU).
  const savedTranscript = measureSavedTranscript(turn, execution.agentPrompt ?? execution.prompt);
  const outcome = settleRun({
    agent: prepared.agent,
    mode,
    arborSessionId: prepared.arborSessionId,
    outcome: tracker.outcome(),
    announced,
    cleanExit: exit.ok && exit.exitCode === 0 && !entry.cancelled && !entry.stopping,
    fileUsage: await prepared.readUsageFile(),
    previousTotal: prepared.agent.usageReporting === "session-total" ? await previousSessionTotal(execution, mode) : null,
  });
  // Strategy B: a session no stream names is recorded once the run ended cleanly.
  if (outcome.sessionId && !tracker.outcome().sessionId) await pinSession(ctx, executionId, outcome.sessionId, Promise.resolve(), null).catch(() => {});
  const context = { cancelled: entry.cancelled, stopping: entry.stopping, expectedSessionId: tracker.expectedSessionId, stderrTail };
  const ending = classifyExit(exit, outcome, context);
  const ended = { execution, mode, resumes: turn.resumes, exit, outcome, ending };
  await recordSessionFacts(ctx, ended).catch((error) => console.error(`[runner] execution ${executionId}: could not record its session's facts:`, error));
  const { turn: usage, sessionTotal } = outcome.usage;
  // Prompt-cache figures come per run (Claude); a running total's share of them is unknown.
  const cache = prepared.agent.usageReporting === "session-total" ? undefined : outcome.result?.usage;
  await finish(ending, {
    exitCode: exit.ok ? exit.exitCode : null,
    // A failed resume reports a fresh random session id in its result line; only a result naming the pinned session confirms it.
    sessionConfirmed: outcome.sessionConfirmed,
    lastMessageId: outcome.lastAssistantMessageId ?? undefined,
    inputTokens: usage.inputTokens ?? undefined,
    outputTokens: usage.outputTokens ?? undefined,
    cacheReadTokens: cache?.cacheReadTokens ?? undefined,
    cacheCreationTokens: cache?.cacheCreationTokens ?? undefined,
    sessionTotalInputTokens: sessionTotal?.inputTokens ?? undefined,
    sessionTotalOutputTokens: sessionTotal?.outputTokens ?? undefined,
    costUsd: outcome.usage.costUsd ?? undefined,
    durationMs: outcome.result?.durationMs ?? undefined,
    numTurns: outcome.result?.numTurns ?? undefined,
    // Honest states: a completed turn in which the agent was refused something says so.
    refusedActions: outcome.result?.refusedActions ?? undefined,
    // Telemetry: it ran on the agent's resumed session, and what a transcript would have cost instead.
    sessionResumed: turn.resumes && outcome.sessionId !== null,
    transcriptTokens: (await savedTranscript) ?? undefined,
    // A warm turn's session was stored with its process record, before the agent said anything: it stands only
    // if the agent's own lines named it (a turn that ended before its first line never touched the session).
    ...(agent.launchRecord?.sessionId && !outcome.sessionId ? { sessionId: null } : {}),
    // How the turn reached its agent (server/runner/warm/): a warm process's own share of its running cost, a steered turn's session.
    ...agent.finishData(outcome, ending),
  });
  announceEnding(ctx, execution, ending, outcome.result?.refusedActions ?? null);
  // The process stays warm for the session's next turn, or is closed.
  await agent.settle(ending, { stopping: entry.stopping });
  await retryRejectedResume(ctx, ended);
}
