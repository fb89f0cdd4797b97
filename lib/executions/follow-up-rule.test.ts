import { followUpEdge, followUpReason, type FollowUpReason, type FollowUpRuleFacts } from "@/lib/executions/follow-up-rule";

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
