import {
  followUpBlock,
  followUpBlocker,
  followUpEdge,
  followUpReason,
  worktreeNote,
  type FollowUpReason,
  type FollowUpRuleFacts,
} from "@/lib/executions/follow-up-rules";
import type { ExecutionErrorCode } from "@/lib/executions/types";
import { makeExecution } from "@/test/support/execution-fixtures";
import { FOLLOW_UP_CASES, type FollowUpCase } from "@/test/support/follow-up-cases";

describe("followUpReason / followUpEdge", () => {
  const facts = (over: Partial<FollowUpRuleFacts>): FollowUpRuleFacts => ({
    requested: "continue",
    isHead: true,
    freshWithTranscript: false,
    worktreeGone: false,
    ...over,
  });

  it.each<[string, Partial<FollowUpRuleFacts>, FollowUpReason, "continue" | "fork"]>([
    ["Continue on the head", {}, "continue_head", "continue"],
    ["Continue on a turn that already has a next turn", { isHead: false }, "continue_not_head", "fork"],
    ["Fork on the head", { requested: "fork" }, "fork_requested", "fork"],
    ["Fork on an earlier turn", { requested: "fork", isHead: false }, "fork_requested", "fork"],
    ["a fresh session wins over everything", { isHead: false, freshWithTranscript: true }, "fresh_with_transcript", "fork"],
    ["a fresh Fork", { requested: "fork", freshWithTranscript: true }, "fresh_with_transcript", "fork"],
    ["Continue whose worktree is gone", { worktreeGone: true }, "worktree_gone", "fork"],
    ["Fork whose worktree is gone is just a fork", { requested: "fork", worktreeGone: true }, "fork_requested", "fork"],
  ])("%s", (_, over, reason, edge) => {
    expect(followUpReason(facts(over))).toBe(reason);
    expect(followUpEdge(followUpReason(facts(over)))).toBe(edge);
  });
});

describe("the follow-up form's rules, against the server's cases", () => {
  const dto = ({ source }: FollowUpCase) =>
    makeExecution({
      status: source.status,
      sessionId: source.sessionId,
      error: source.errorCode ? { code: source.errorCode as ExecutionErrorCode, message: "…" } : null,
      worktree: source.worktree ? { path: "/w", branch: "arbor/ISSUE-1/x", state: source.worktree, startSha: "a", snapshotSha: "b", changes: null } : null,
    });

  it.each(FOLLOW_UP_CASES.map((c) => [c.name, c] as const))("%s", (_, c) => {
    const agent = c.agent ?? { name: "Claude Code", hasSessions: true };
    expect(followUpBlock(dto(c), agent)?.reason ?? null).toBe(c.blocked);
    expect(followUpBlocker(dto(c), agent)).toBe(followUpBlock(dto(c), agent)?.message ?? null);
    expect(worktreeNote(dto(c)) !== null).toBe(c.worktreeGone);
  });
});
