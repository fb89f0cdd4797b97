// The prompt of "Ask the agent to resolve it": a Continue of the line's head
// when applying it conflicts with the base branch. It names the files, so the
// agent knows where to look, and what to do in its worktree (which shares the
// repository's branches): bring the base branch in and resolve. Pure.

export function resolveConflictsPrompt(baseBranch: string, files: readonly string[]): string {
  const listed = files.map((f) => `- ${f}`).join("\n");
  return (
    `Applying this work to ${baseBranch} conflicts: ${baseBranch} changed ${files.length === 1 ? "this file" : "these files"} too since this line of work started:\n${listed}\n\n` +
    `Merge ${baseBranch} into this worktree (git merge ${baseBranch}), resolve the conflicts in ${files.length === 1 ? "that file" : "those files"} keeping both sides' intent, and commit the merge.`
  );
}
