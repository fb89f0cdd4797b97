import { resolveConflictsPrompt } from "./resolve-conflicts-prompt";

describe("resolveConflictsPrompt", () => {
  it("names the base branch and every conflicting file", () => {
    expect(resolveConflictsPrompt("main", ["plan.txt", "src/a.ts"])).toBe(
      "Applying this work to main conflicts: main changed these files too since this line of work started:\n- plan.txt\n- src/a.ts\n\n" +
        "Merge main into this worktree (git merge main), resolve the conflicts in those files keeping both sides' intent, and commit the merge.",
    );
    expect(resolveConflictsPrompt("develop", ["a.txt"])).toMatch(
      /^Applying this work to develop conflicts: develop changed this file too .*\n- a.txt\n\n.*in that file/s,
    );
  });
});
