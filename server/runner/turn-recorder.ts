import type pg from "pg";
import { nowMs, type Timings } from "@/lib/executions/timings";
import type { ExecutionErrorCode } from "@/lib/executions/types";
import { settleRun, type SettledRun } from "@/server/agents/session-report";
import { SessionTracker } from "@/server/agents/session-tracker";
import { prisma } from "@/server/db";
import type { Execution } from "@/server/generated/prisma/client";
import { announce, announceSoon, notice } from "@/server/realtime/announce";
import type { AgentExit } from "@/server/runner/agent-io/agent-process";
import { turnApprovalsFor, type ApprovalsContext } from "@/server/runner/approvals/attach-approvals";
import type { TurnApprovals } from "@/server/runner/approvals/turn-approvals";
import { measureSavedTranscript, type EndedTurn } from "@/server/runner/turn/after-turn";
import { classifyExit, type ExitClassification } from "@/server/runner/turn/classify-exit";
import { DraftBuffer } from "@/server/runner/turn/draft-buffer";
import { EventWriter } from "@/server/runner/turn/event-writer";
import { LaunchGrace } from "@/server/runner/turn/launch-grace";
import type { PlannedTurn } from "@/server/runner/turn/plan-turn";
import { pinSession, previousSessionTotal, recordProcess } from "@/server/runner/turn/turn-records";
import type { TurnAgent } from "@/server/runner/warm/turn-agent";
import { snapshotExecution } from "@/server/runner/workspace/snapshot-execution";

// Everything a turn records, from its plan to its final status
// (execute-job.ts says when): its launch in the log, its process, every line
// the agent prints (stored as events, folded into its session by
// SessionTracker, the text as it is written joined into drafts, the agent's
// requests for a person handed to its approvals), the session it pins, and
// at the end how it ended, with its worktree's snapshot, usage and telemetry.

export type RecorderContext = ApprovalsContext & {
  runnerId: string;
  pool: pg.Pool;
  cancelGraceMs: number;
  /** Called after each batch of events is stored (the search indexer backs off while this runner ingests). */
  onEventsStored?: () => void;
  /** The runner's environment: where its data directory and the projects' store are (snapshot-execution.ts). */
  env?: Readonly<Record<string, string | undefined>>;
};

/** What Cancel and shutdown set on a live turn (execute-job.ts). */
export type TurnFlags = { cancelled: boolean; stopping: boolean };

/** A turn that has ended, with everything its output said (usage, the result). */
export type SettledTurn = EndedTurn & { outcome: SettledRun };

const STDERR_TAIL = 4_000;

export class TurnRecorder {
  private readonly writer: EventWriter;
  private readonly grace = new LaunchGrace();
  private turn: Extract<PlannedTurn, { ok: true }> | null = null;
  private tracker: SessionTracker | null = null;
  private approvals: TurnApprovals | null = null;
  private drafts: DraftBuffer | null = null;
  /** Every session id the agent announced, in order. */
  private readonly announced: string[] = [];
  private pinning: Promise<unknown> = Promise.resolve();
  private stderrTail = "";
  private savedTranscript: Promise<number | null> = Promise.resolve(null);

  constructor(
    private readonly ctx: RecorderContext,
    private readonly execution: Execution,
    private readonly timings: Timings,
  ) {
    this.writer = new EventWriter(ctx.pool, execution.id, execution.eventCount, ctx.onEventsStored);
  }

  /** A note of Arbor's own in the turn's log. */
  note(kind: string, data: Record<string, unknown>, searchText?: string): void {
    this.writer.push({ stream: "arbor", kind, json: JSON.stringify(data), searchText });
  }

  /** The turn cannot run: why, in its log and on the row. */
  async refuse(errorCode: ExecutionErrorCode, errorMessage: string): Promise<void> {
    this.note("error", { message: errorMessage });
    await this.writer.flush();
    await this.finish({ status: "failed", errorCode, errorMessage });
  }

  /** The plan is made (and recorded on the row): the launch goes in the log, and open pages hear of it. */
  planned(turn: Extract<PlannedTurn, { ok: true }>): void {
    this.turn = turn;
    // A turn for a warm process changed nothing yet: it is announced with its process record, right after its message is
    // written. Such a process is on its way to the model as soon as it has the message: the turn's first events wait.
    if ("warm" in turn) this.writer.hold(LaunchGrace.elapsed());
    else announceSoon(this.ctx.pool, notice.status(this.execution.id));
    const { prepared, mode, cwd } = turn;
    this.note("launch", { argv: prepared.argv, cwd, runnerId: this.ctx.runnerId, mode: mode.kind, resume: turn.resume, transcript: turn.transcript });
    // Rules the agent's CLI cannot express as written (dropped, never widened; or enforced more broadly).
    for (const message of prepared.permissionNotes) this.note("warning", { message: `Permission policy: ${message}` });
  }

  /** The agent started: its process is recorded (not waited for before its output is read: the first lines are what a page waits for), and every line it prints is. */
  async record(agent: TurnAgent, flags: TurnFlags & { terminate: (graceMs: number) => Promise<void> }): Promise<void> {
    const { turn, execution } = this.planOf();
    const { prepared, mode } = turn;
    const recording = recordProcess(
      this.ctx,
      execution.id,
      agent,
      flags,
      mode.kind === "fork" ? (mode.atMessageId ?? null) : null,
      { launchKind: agent.launch.kind, timings: { ...this.timings, ...agent.stamps }, ...agent.launchRecord },
      { announce: "warm" in turn },
    );
    const tracker = new SessionTracker({ expectedSessionId: prepared.expectedSessionId });
    this.tracker = tracker;
    // People in the loop: the agent's requests for a decision (server/runner/approvals/).
    this.approvals = turnApprovalsFor(this.ctx, {
      execution,
      agent: prepared.agent,
      permissions: turn.permissions,
      write: (text) => agent.writeInput(text),
      note: (kind, data, searchText) => this.note(kind, data, searchText),
      sessionId: () => tracker.outcome().sessionId ?? prepared.expectedSessionId,
    });
    // The text as it is written, joined into a few draft events (draft-buffer.ts).
    const drafts = new DraftBuffer((text) => this.writer.push({ stream: "stdout", kind: "text_draft", json: JSON.stringify({ text }) }));
    this.drafts = drafts;
    const readLine = prepared.createLineReader();
    agent.onStdoutLine((line, truncated) => {
      this.grace.lineCame();
      const parsed = readLine(line, truncated);
      if (parsed.kind === "text_draft") {
        const draft = parsed.entries[0];
        if (draft?.type === "text_draft") drafts.add(draft.text);
        return;
      }
      drafts.flush();
      // A partial message's framing is not worth a row (the complete message follows).
      if (!parsed.signals.transient) this.writer.push({ stream: "stdout", kind: parsed.kind, json: parsed.json, searchText: parsed.searchText });
      this.approvals?.observe(line, parsed.entries);
      if (parsed.signals.sessionId && !this.announced.includes(parsed.signals.sessionId)) this.announced.push(parsed.signals.sessionId);
      const seen = tracker.observeLine(parsed.signals);
      if (seen.pinned) {
        this.timings.sessionAt = nowMs();
        // Until the agent's next line the session's bookkeeping and the storing of its lines wait (launch-grace.ts).
        const settled = this.grace.untilNextLine();
        this.writer.hold(settled);
        // A warm process's session was recorded with its process (the process confirmed it at its first turn).
        const recorded = agent.pid && agent.launchRecord?.sessionId === seen.pinned ? recording : null;
        this.pinning = pinSession(this.ctx, execution.id, seen.pinned, settled, recorded);
      }
      if (seen.unexpectedSessionId)
        this.note("warning", { message: `Agent reported session ${seen.unexpectedSessionId}, expected ${tracker.expectedSessionId}; not recorded` });
      // Returning a promise pauses reading the agent's stdout until the backlog
      // is stored: memory stays flat however fast the agent prints.
      if (this.writer.needsDrain) return this.writer.flush().catch(() => {});
    });
    agent.onStderr((text) => {
      this.writer.push({ stream: "stderr", kind: "stderr", json: JSON.stringify({ text }) });
      this.stderrTail = (this.stderrTail + text).slice(-STDERR_TAIL);
      tracker.observeStderr(prepared.classifyStderr(this.stderrTail));
    });
    await recording.catch((error: Error) => console.error(`[runner] execution ${execution.id}: could not record its process:`, error));
  }

  /** The agent's turn is over: what it left is stored, and how it ended is worked out (not yet recorded: finish). */
  async ended(agent: TurnAgent, exit: AgentExit, flags: TurnFlags): Promise<SettledTurn> {
    const { turn, execution } = this.planOf();
    const tracker = this.tracker!;
    const { prepared, mode } = turn;
    this.drafts?.flush();
    // What nobody decided before the turn ended is cancelled (the run was) or expired.
    await this.approvals
      ?.settle(flags.cancelled ? "cancelled" : "expired")
      .catch((error: Error) => this.ctx.log(`execution ${execution.id}: ${error.message}`));
    Object.assign(this.timings, agent.stamps);
    await this.pinning.catch(() => {});
    await this.writer.flush().catch(() => {});
    if (this.writer.error) {
      this.note("error", { message: `Some output could not be stored: ${this.writer.error.message}` });
      await this.writer.flush().catch(() => {});
    }
    // Telemetry composed once the turn is over, not while the agent starts (it would compete for the CPU).
    this.savedTranscript = measureSavedTranscript(turn, execution.agentPrompt ?? execution.prompt);
    const outcome = settleRun({
      agent: prepared.agent,
      mode,
      arborSessionId: prepared.arborSessionId,
      outcome: tracker.outcome(),
      announced: this.announced,
      cleanExit: exit.ok && exit.exitCode === 0 && !flags.cancelled && !flags.stopping,
      fileUsage: await prepared.readUsageFile(),
      previousTotal: prepared.agent.usageReporting === "session-total" ? await previousSessionTotal(execution, mode) : null,
    });
    // Strategy B: a session no stream names is recorded once the run ended cleanly.
    if (outcome.sessionId && !tracker.outcome().sessionId) await pinSession(this.ctx, execution.id, outcome.sessionId, Promise.resolve(), null).catch(() => {});
    const context = { cancelled: flags.cancelled, stopping: flags.stopping, expectedSessionId: tracker.expectedSessionId, stderrTail: this.stderrTail };
    const ending = classifyExit(exit, outcome, context);
    return { execution, mode, resumes: turn.resumes, exit, outcome, ending };
  }

  /** The turn's final record: its status with its usage, telemetry and how it reached its agent (after a plan that failed: its status alone). */
  async finish(ending: ExitClassification, ended?: { turn: SettledTurn; agent: TurnAgent }): Promise<void> {
    // No agent ran after a plan that failed: a session id the run was given as it claimed a pre-started agent was never its.
    const data = ended ? await this.finalFields(ended.turn, ended.agent) : { sessionId: null };
    // Its worktree's state as a commit, stored with the final status (snapshot-execution.ts).
    const snapshot = await snapshotExecution(this.execution.id, ending.status, { env: this.ctx.env, log: (kind, data) => this.note(kind, data) });
    // What the snapshot said (a line that did not reach the project's store) is stored before the status.
    await this.writer.flush().catch(() => {});
    await prisma.execution.update({
      where: { id: this.execution.id },
      data: { ...ending, timings: this.timings, ...data, ...snapshot, finishedAt: new Date() },
    });
    await announce(this.ctx.pool, notice.status(this.execution.id));
  }

  private async finalFields({ exit, outcome, ending }: SettledTurn, agent: TurnAgent) {
    const { prepared } = this.planOf().turn;
    const { turn: usage, sessionTotal } = outcome.usage;
    // Prompt-cache figures come per run (Claude); a running total's share of them is unknown.
    const cache = prepared.agent.usageReporting === "session-total" ? undefined : outcome.result?.usage;
    return {
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
      sessionResumed: this.planOf().turn.resumes && outcome.sessionId !== null,
      transcriptTokens: (await this.savedTranscript) ?? undefined,
      // A warm turn's session was stored with its process record (a claimed pre-started agent's, at the run's insert),
      // before the agent said anything: it stands only if the agent's own lines named it (a turn that ended before its
      // first line, or a spawn in its place that died before it, never touched the session).
      ...((agent.launchRecord?.sessionId || this.execution.sessionId) && !outcome.sessionId ? { sessionId: null } : {}),
      // How the turn reached its agent (server/runner/warm/): a warm process's own share of its running cost, a steered turn's session.
      ...agent.finishData(outcome, ending),
    };
  }

  private planOf(): { turn: Extract<PlannedTurn, { ok: true }>; execution: Execution } {
    if (!this.turn) throw new Error(`execution ${this.execution.id}: recorded before it was planned`);
    return { turn: this.turn, execution: this.execution };
  }
}
