import pg from "pg";
import { APPROVAL_DECIDED_CHANNEL, CANCEL_CHANNEL, CONTINUE_ASKED_CHANNEL, DRAIN_CHANNEL, QUEUED_CHANNEL, WARM_CHANNEL } from "@/server/realtime/channels";

// What a runner hears from the web app besides its jobs: one LISTEN
// connection, and for each channel who sends it (through
// server/realtime/announce.ts) and what the runner does with it. A NOTIFY
// may be lost while the connection is down: the heartbeat (run-runner.ts)
// re-checks cancels, decisions and a drain, and a queued turn still comes as a job.

/** What the runner does on each message (run-runner.ts wires them to its context). */
export type RunnerEars = {
  cancel: (executionId: string) => void;
  closeWarm: (agentSessionId: string) => void;
  continueAsked: (payload: string) => void;
  queued: (payload: string) => void;
  approvalDecided: (approvalId: string) => void;
  drain: (runnerId: string) => void;
};

const CHANNELS: readonly { channel: string; sentBy: string; hear: keyof RunnerEars }[] = [
  // Cancel of a running execution: its process is stopped.
  { channel: CANCEL_CHANNEL, sentBy: "server/executions/cancel-execution.ts", hear: "cancel" },
  // Warm sessions turned off for a session, or it was poisoned: its warm process is closed.
  { channel: WARM_CHANNEL, sentBy: "server/sessions/update-session.ts", hear: "closeWarm" },
  // A Continue was asked for (not yet recorded): the guards of a warm session's next turn start their file checks.
  { channel: CONTINUE_ASKED_CHANNEL, sentBy: "server/executions/branch-execution.ts", hear: "continueAsked" },
  // A Continue was queued with its job: the warm session's process takes it at once (warm/early-turns.ts); so does a
  // pre-started agent a new run claimed, while the runner has a free slot.
  { channel: QUEUED_CHANNEL, sentBy: "server/executions/record-follow-up.ts (for branch-execution.ts), server/executions/create-execution.ts", hear: "queued" },
  // A person decided an approval: the waiting agent process gets the answer (approvals/turn-approvals.ts).
  { channel: APPROVAL_DECIDED_CHANNEL, sentBy: "server/approvals/decide-approval.ts, server/approvals/record-decision.ts", hear: "approvalDecided" },
  // A person asked a runner to drain: that runner takes no new turn and hands its queued jobs on (process/runner-drain.ts).
  { channel: DRAIN_CHANNEL, sentBy: "server/runners/drain-runner.ts (through app/api/runners/[id]/drain/route.ts)", hear: "drain" },
];

/** LISTENs on every channel above; ended with the returned client's end(). */
export async function listen(databaseUrl: string, ears: RunnerEars, log: (line: string) => void): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const byChannel = new Map(CHANNELS.map((entry) => [entry.channel, ears[entry.hear]]));
  client.on("notification", (msg) => {
    if (msg.payload) byChannel.get(msg.channel)?.(msg.payload);
  });
  client.on("error", (error) => log(`cancel listener error: ${error.message}`));
  for (const { channel } of CHANNELS) await client.query(`LISTEN ${channel}`);
  return client;
}
