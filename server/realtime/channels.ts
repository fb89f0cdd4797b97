// Postgres NOTIFY channels, by name and payload. Every one is sent through
// announce.ts (which says who hears it): runners announce executions to any
// web instance, so a browser can follow one that runs on another machine,
// and the web app tells runners what they must act on (server/runner/process/listen.ts).
export const EVENTS_CHANNEL = "arbor_execution_events"; // payload: "<executionId> <lastSeq>"
export const STATUS_CHANNEL = "arbor_execution_status"; // payload: "<executionId>"
export const CANCEL_CHANNEL = "arbor_execution_cancel"; // payload: "<executionId>"
export const WARM_CHANNEL = "arbor_warm_session"; // payload: "<agent session id>": its runner closes the session's warm process
/**
 * A Continue was queued on a runner (payload: "<executionId> <runnerId> <agent session id> <parent execution id>"),
 * sent with its job: a runner that keeps that session's process warm starts it at once instead of waiting for the queue.
 */
export const QUEUED_CHANNEL = "arbor_execution_queued";
/**
 * A Continue of an execution was asked for (payload: "<runnerId> <agent session id> <source execution id>"), sent as
 * the request arrives, before it is recorded: a runner keeping that session warm checks the turn's guards meanwhile.
 */
export const CONTINUE_ASKED_CHANNEL = "arbor_continue_asked";
/**
 * A person decided an approval (payload: "<approval id>"), sent at the
 * decision's commit: the runner that owns the waiting agent process answers it.
 */
export const APPROVAL_DECIDED_CHANNEL = "arbor_approval_decided";
/**
 * A runner was asked to drain (payload: "<runnerId>"), sent as the request is recorded: that runner takes no
 * new turn, lets its running ones finish, releases its warm sessions and hands its queued jobs to the others.
 */
export const DRAIN_CHANNEL = "arbor_runner_drain";
