// One table of follow-up cases that the page and the server are both held
// to: the follow-up form's rules (lib/executions/follow-up-rules.ts) and the
// server's guards (server/turns/resolve-follow-up.ts) must refuse the same
// sources for the same reason, and say the same of a source whose worktree
// is gone. Each side maps a case to its own input. The server alone knows the
// runner's liveness and whether the turn has started on one (not_started,
// runner_unavailable): those cases are in its own tests.
import type { FollowUpBlock } from "@/lib/executions/follow-up-rules";
import type { ExecutionStatus } from "@/lib/executions/types";

export type FollowUpCase = {
  name: string;
  /** The source's agent, as the page knows it (absent: one with sessions). */
  agent?: { name: string; hasSessions: boolean };
  source: {
    status: ExecutionStatus;
    /** The agent session the source reported (null: none yet, or never). */
    sessionId: string | null;
    errorCode: string | null;
    worktree: "present" | "missing" | "removed" | null;
  };
  /** Why Continue and Fork are refused, or null when they run. */
  blocked: FollowUpBlock["reason"] | null;
  /** A Continue of it is recorded as a fork that starts from its snapshot. */
  worktreeGone: boolean;
};

const S = "11111111-1111-4111-8111-111111111111";

export const FOLLOW_UP_CASES: readonly FollowUpCase[] = [
  {
    name: "a completed turn with its session",
    source: { status: "completed", sessionId: S, errorCode: null, worktree: null },
    blocked: null,
    worktreeGone: false,
  },
  {
    name: "a running turn that has not reported its session yet",
    source: { status: "running", sessionId: null, errorCode: null, worktree: null },
    blocked: null,
    worktreeGone: false,
  },
  { name: "a queued turn", source: { status: "queued", sessionId: null, errorCode: null, worktree: null }, blocked: null, worktreeGone: false },
  {
    name: "a turn of an agent without sessions",
    agent: { name: "Command", hasSessions: false },
    source: { status: "completed", sessionId: S, errorCode: null, worktree: null },
    blocked: "agent_has_no_sessions",
    worktreeGone: false,
  },
  {
    name: "a turn whose session the agent no longer had",
    source: { status: "failed", sessionId: null, errorCode: "session_not_found", worktree: null },
    blocked: "session_not_found",
    worktreeGone: false,
  },
  {
    name: "a turn that failed before its agent reported a session",
    source: { status: "failed", sessionId: null, errorCode: "spawn_failed", worktree: null },
    blocked: "no_session",
    worktreeGone: false,
  },
  {
    name: "a turn cancelled before it started",
    source: { status: "cancelled", sessionId: null, errorCode: null, worktree: null },
    blocked: "no_session",
    worktreeGone: false,
  },
  {
    name: "a turn in its worktree",
    source: { status: "completed", sessionId: S, errorCode: null, worktree: "present" },
    blocked: null,
    worktreeGone: false,
  },
  {
    name: "a turn whose worktree vanished from disk",
    source: { status: "completed", sessionId: S, errorCode: null, worktree: "missing" },
    blocked: null,
    worktreeGone: true,
  },
  {
    name: "a turn whose worktree housekeeping removed",
    source: { status: "completed", sessionId: S, errorCode: null, worktree: "removed" },
    blocked: null,
    worktreeGone: true,
  },
];
