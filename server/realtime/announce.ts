import {
  APPROVAL_DECIDED_CHANNEL,
  CANCEL_CHANNEL,
  CONTINUE_ASKED_CHANNEL,
  DRAIN_CHANNEL,
  EVENTS_CHANNEL,
  QUEUED_CHANNEL,
  STATUS_CHANNEL,
  WARM_CHANNEL,
} from "@/server/realtime/channels";

// Every NOTIFY Arbor sends, by what it says, and who hears it. A NOTIFY is a
// hint: whoever hears it reads the database (a lost one only delays a page
// until the next). Sent in a transaction, it is delivered at commit, so the
// listener reads what it announces. A statement that sends its own
// (SELECT pg_notify(…) inside a bigger statement, to save a round trip) takes
// the channel and payload from `notice`.

export type Notice = { channel: string; payload: string };

/** The parent a queued notice names for a new run (one that claimed a pre-started agent): it continues nothing. */
export const NEW_RUN_PARENT = "-";

export const notice = {
  /** An execution changed (status, session, waiting for a person, warm or not): open pages re-read it (server/executions/stream-execution-*.ts). */
  status: (executionId: string): Notice => ({ channel: STATUS_CHANNEL, payload: executionId }),
  /** An execution's events up to `lastSeq` are stored: its open logs read them (server/executions/stream-execution-events.ts). */
  events: (executionId: string, lastSeq: number): Notice => ({ channel: EVENTS_CHANNEL, payload: `${executionId} ${lastSeq}` }),
  /** Cancel of a running execution: the runner that owns its process stops it (server/runner/process/listen.ts). */
  cancel: (executionId: string): Notice => ({ channel: CANCEL_CHANNEL, payload: executionId }),
  /** Warm sessions turned off for a session, or it was poisoned: its runner closes the session's warm process (listen.ts). */
  warmOff: (agentSessionId: string): Notice => ({ channel: WARM_CHANNEL, payload: agentSessionId }),
  /** A Continue was asked for, not yet recorded: the runner keeping the session warm checks the turn's guards meanwhile (listen.ts). */
  continueAsked: (ask: { runnerId: string; sessionId: string; sourceId: string }): Notice => ({
    channel: CONTINUE_ASKED_CHANNEL,
    payload: `${ask.runnerId} ${ask.sessionId} ${ask.sourceId}`,
  }),
  /** A Continue was queued with its job (or a new run that claimed a pre-started agent): the runner keeping that session's process starts it at once (listen.ts). */
  queued: (turn: { executionId: string; runnerId: string; sessionId: string; parentId: string }): Notice => ({
    channel: QUEUED_CHANNEL,
    payload: `${turn.executionId} ${turn.runnerId} ${turn.sessionId} ${turn.parentId}`,
  }),
  /** A person decided an approval: the runner owning the waiting agent process answers it (listen.ts). */
  approvalDecided: (approvalId: string): Notice => ({ channel: APPROVAL_DECIDED_CHANNEL, payload: approvalId }),
  /** A runner was asked to drain: that runner stops taking turns and hands its queued jobs on (listen.ts). */
  drain: (runnerId: string): Notice => ({ channel: DRAIN_CHANNEL, payload: runnerId }),
};

const NOTIFY = "SELECT pg_notify($1, $2)";

/** A pg pool, client or Prisma client (or its transaction: delivered at commit). */
type Sender =
  | { query: (text: string, values: unknown[]) => Promise<unknown> }
  | { $executeRawUnsafe: (query: string, ...values: unknown[]) => Promise<number> };

export async function announce(db: Sender, { channel, payload }: Notice): Promise<void> {
  if ("$executeRawUnsafe" in db) await db.$executeRawUnsafe(NOTIFY, channel, payload);
  else await db.query(NOTIFY, [channel, payload]);
}

/** Not waited for, and never failing: for a path that must not wait on it. */
export function announceSoon(db: Sender, message: Notice): void {
  announce(db, message).catch(() => {});
}
