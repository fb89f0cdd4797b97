import type { LaunchMode } from "@/server/agents/types";
import type { ResumeDecision } from "@/server/turns/resolve-resume-decision";
import { launchToJudge, rewriteLineage, type LineageFacts, type LineageRewrite } from "@/server/turns/rewrite-lineage";

// What a Continue or Fork becomes once the runner has decided how it resumes:
// the launch mode, and the row as it reads from then on, always with the
// resume decision's reason and sentence in the same update.

const S = "11111111-1111-4111-8111-111111111111";
const NEW = "22222222-2222-4222-8222-222222222222";
const MINTED = "33333333-3333-4333-8333-333333333333";
const OTHER = "44444444-4444-4444-8444-444444444444";

const resumable: ResumeDecision = { kind: "resume", reason: "resumable", message: null };
const forkable: ResumeDecision = { kind: "fork", reason: "resumable", message: null };
const fresh: ResumeDecision = { kind: "fresh_with_transcript", reason: "transcript_missing", message: "The agent's transcript of the session is gone …" };
const worktreeGone: ResumeDecision = { kind: "fork", reason: "worktree_gone", message: "The worktree of this line of work vanished from disk. …" };

const continueOf = (over: Partial<LineageFacts> = {}): LineageFacts => ({
  execution: { parentExecutionId: "parent", forkedFromExecutionId: null, forkSessionId: null, targetSessionId: S },
  mode: { kind: "continue", sessionId: S },
  decision: resumable,
  parentManagedSessionId: "SESS-1",
  newSessionId: MINTED,
  ...over,
});
const forkOf = (over: Partial<LineageFacts> = {}): LineageFacts => ({
  execution: { parentExecutionId: null, forkedFromExecutionId: "source", forkSessionId: S, targetSessionId: NEW },
  mode: { kind: "fork", fromSessionId: S, newSessionId: NEW, atMessageId: null },
  decision: forkable,
  parentManagedSessionId: null,
  newSessionId: MINTED,
  ...over,
});
const resumeColumns = (decision: ResumeDecision) => ({ resumeDecision: decision.kind, resumeReason: decision.reason, resumeMessage: decision.message });

describe("rewriteLineage", () => {
  it.each<[string, LineageFacts, Omit<LineageRewrite, "transcriptSourceId">]>([
    [
      "a Continue that resumes stays as recorded",
      continueOf(),
      { mode: { kind: "continue", sessionId: S }, rewrite: null, update: resumeColumns(resumable), carriesTranscript: false },
    ],
    [
      "a Fork that resumes stays as recorded",
      forkOf(),
      {
        mode: { kind: "fork", fromSessionId: S, newSessionId: NEW, atMessageId: null },
        rewrite: null,
        update: resumeColumns(forkable),
        carriesTranscript: false,
      },
    ],
    [
      "a Fork records the session its source actually ran in (agents that pick their own ids name it once they run)",
      forkOf({ mode: { kind: "fork", fromSessionId: OTHER, newSessionId: NEW, atMessageId: null } }),
      {
        mode: { kind: "fork", fromSessionId: OTHER, newSessionId: NEW, atMessageId: null },
        rewrite: null,
        update: { ...resumeColumns(forkable), forkSessionId: OTHER },
        carriesTranscript: false,
      },
    ],
    [
      "a Continue that cannot resume becomes a fork of its parent in a new session, carrying the transcript",
      continueOf({ decision: fresh }),
      {
        mode: { kind: "new", sessionId: MINTED },
        rewrite: "fresh_with_transcript",
        update: {
          ...resumeColumns(fresh),
          parentExecutionId: null,
          forkedFromExecutionId: "parent",
          forkSessionId: S,
          targetSessionId: MINTED,
          managedSessionId: null,
          transcriptSourceExecutionId: "parent",
        },
        carriesTranscript: true,
      },
    ],
    [
      "a Fork that cannot resume keeps its new session's id, carrying the transcript",
      forkOf({ decision: fresh }),
      {
        mode: { kind: "new", sessionId: NEW },
        rewrite: "fresh_with_transcript",
        update: {
          ...resumeColumns(fresh),
          parentExecutionId: null,
          forkedFromExecutionId: "source",
          forkSessionId: S,
          targetSessionId: NEW,
          managedSessionId: null,
          transcriptSourceExecutionId: "source",
        },
        carriesTranscript: true,
      },
    ],
    [
      "a Continue whose worktree is gone becomes a fork of its parent's session",
      continueOf({ decision: worktreeGone }),
      {
        mode: { kind: "fork", fromSessionId: S, newSessionId: MINTED, atMessageId: null },
        rewrite: "worktree_gone",
        update: {
          ...resumeColumns(worktreeGone),
          parentExecutionId: null,
          forkedFromExecutionId: "parent",
          forkSessionId: S,
          targetSessionId: MINTED,
          managedSessionId: null,
        },
        carriesTranscript: false,
      },
    ],
    [
      "a Fork whose worktree is gone stays the fork it is (its files start from the snapshot)",
      forkOf({ decision: worktreeGone }),
      {
        mode: { kind: "fork", fromSessionId: S, newSessionId: NEW, atMessageId: null },
        rewrite: null,
        update: resumeColumns(worktreeGone),
        carriesTranscript: false,
      },
    ],
    [
      "a Continue whose parent went on in a new session goes on there, in the parent's Session",
      continueOf({ mode: { kind: "continue", sessionId: OTHER } }),
      {
        mode: { kind: "continue", sessionId: OTHER },
        rewrite: "parent_went_on",
        update: { ...resumeColumns(resumable), targetSessionId: OTHER, managedSessionId: "SESS-1" },
        carriesTranscript: false,
      },
    ],
    [
      "… and in no Session when the parent has none yet",
      continueOf({ mode: { kind: "continue", sessionId: OTHER }, parentManagedSessionId: null }),
      {
        mode: { kind: "continue", sessionId: OTHER },
        rewrite: "parent_went_on",
        update: { ...resumeColumns(resumable), targetSessionId: OTHER, managedSessionId: null },
        carriesTranscript: false,
      },
    ],
  ])("%s", (_, facts, expected) => {
    const transcriptSourceId = facts.execution.parentExecutionId ?? facts.execution.forkedFromExecutionId;
    expect(rewriteLineage(facts)).toEqual({ ...expected, transcriptSourceId });
  });
});

describe("launchToJudge", () => {
  const continueMode: Extract<LaunchMode, { kind: "continue" }> = { kind: "continue", sessionId: S };
  const forkMode: Extract<LaunchMode, { kind: "fork" }> = { kind: "fork", fromSessionId: S, newSessionId: NEW };
  const asFork: LaunchMode = { kind: "fork", fromSessionId: S, newSessionId: MINTED, atMessageId: null };

  it.each<[string, LaunchMode & { kind: "continue" | "fork" }, Parameters<typeof launchToJudge>[1], LaunchMode]>([
    ["a Continue in its worktree is judged as a continue", continueMode, { worktree: "present", snapshotSha: "b" }, continueMode],
    ["a Continue outside any worktree is judged as a continue", continueMode, null, continueMode],
    ["a Continue whose worktree vanished is judged as the fork it will be", continueMode, { worktree: "missing", snapshotSha: "b" }, asFork],
    ["a Continue whose worktree was removed is judged as the fork it will be", continueMode, { worktree: "removed", snapshotSha: null }, asFork],
    ["a Fork stays a fork", forkMode, { worktree: "missing", snapshotSha: "b" }, forkMode],
  ])("%s", (_, mode, files, expected) => {
    expect(launchToJudge(mode, files, MINTED)).toEqual(expected);
  });
});
