import pg from "pg";
import { JOB_CHANNELS, type JobNotifications } from "@/server/runner/process/job-notifications";
import { APPROVAL_DECIDED_CHANNEL, CANCEL_CHANNEL, CONTINUE_ASKED_CHANNEL, DRAIN_CHANNEL, QUEUED_CHANNEL, WARM_CHANNEL } from "@/server/realtime/channels";

// What a runner hears: one LISTEN connection, for graphile-worker's job
// channels (passed to the worker pools, job-notifications.ts) and, in the
// table below, the web app's messages: for each channel who sends it (through
// server/realtime/announce.ts) and what the runner does with it. A NOTIFY
// may be lost while the connection is down: once it listens again the worker
// pools look for jobs (job-notifications.ts, `missed`), and the heartbeat
// (run-runner.ts) re-checks cancels, decisions and a drain.

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

export type RunnerListener = { end: () => Promise<void> };

/** The application_name of a runner's connections (PostgreSQL keeps its first 63 bytes). */
export function runnerConnectionName(runnerId: string): string {
  return `arbor runner ${runnerId}`;
}

const RECONNECT_MS = [250, 1_000, 5_000, 15_000];

/**
 * LISTENs on every channel above, and on graphile-worker's job channels for
 * the worker pools (`jobs`, job-notifications.ts). A lost connection is made
 * again, with backoff, until end().
 */
export async function listen(connection: pg.ClientConfig, ears: RunnerEars, jobs: JobNotifications, log: (line: string) => void): Promise<RunnerListener> {
  const byChannel = new Map(CHANNELS.map((entry) => [entry.channel, ears[entry.hear]]));
  const jobChannels = new Set<string>(JOB_CHANNELS);
  let current: pg.Client | null = null;
  let ended = false;
  let retry: NodeJS.Timeout | undefined;
  let failures = 0;

  const connect = async () => {
    const client = new pg.Client(connection);
    client.on("notification", (msg) => {
      if (jobChannels.has(msg.channel)) jobs.deliver(msg);
      else if (msg.payload) byChannel.get(msg.channel)?.(msg.payload);
    });
    client.on("error", (error) => log(`runner listener lost its connection: ${error.message}`));
    client.once("end", () => {
      if (client === current && !ended) {
        current = null;
        schedule();
      }
    });
    try {
      await client.connect();
      // Quoted: graphile-worker's channel names hold a colon.
      for (const channel of [...byChannel.keys(), ...JOB_CHANNELS]) await client.query(`LISTEN "${channel}"`);
    } catch (error) {
      await client.end().catch(() => {});
      throw error;
    }
    if (ended) return void (await client.end().catch(() => {}));
    current = client;
  };
  const schedule = () => {
    const delay = RECONNECT_MS[Math.min(failures, RECONNECT_MS.length - 1)];
    retry = setTimeout(() => {
      connect().then(
        () => {
          failures = 0;
          jobs.missed();
          log("runner listener connected again (its worker pools look for jobs added meanwhile; the heartbeat re-checks cancels, decisions and a drain)");
        },
        () => {
          failures++;
          if (!ended) schedule();
        },
      );
    }, delay);
  };

  // The first connection's failure is the runner's: it cannot start without one.
  await connect();
  return {
    async end() {
      ended = true;
      clearTimeout(retry);
      await current?.end().catch(() => {});
      current = null;
    },
  };
}
