"use client";

import { useRouter } from "next/navigation";
import { ErrorAlert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { resolveConflictsPrompt } from "@/lib/diff/resolve-conflicts-prompt";
import { shortId } from "@/lib/executions/format";
import { useFollowUp } from "@/lib/executions/hooks";
import { executionHref } from "@/lib/hrefs";

/**
 * What to do when a line of work conflicts with its base branch: the files,
 * "Ask the agent to resolve it" (a Continue of the line's head whose prompt
 * names them; its page opens), or the worktree's path to open and resolve it
 * by hand. Nothing was applied.
 */
export function ApplyConflictSteps({
  baseBranch,
  files,
  lineHeadId,
  worktreePath,
}: {
  baseBranch: string;
  files: string[];
  /** The line's latest turn: the Continue carries the line on from there. */
  lineHeadId: string;
  worktreePath: string | null;
}) {
  const router = useRouter();
  const followUp = useFollowUp(lineHeadId);
  return (
    <div
      role="note"
      aria-label="It conflicts"
      className="space-y-3 rounded-md border border-amber-300 bg-amber-50 px-3 py-3 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950/50 dark:text-amber-100"
    >
      <p>
        {baseBranch} changed {files.length === 1 ? "this file" : "these files"} too since this line of work started, so applying it would conflict. Nothing was
        applied.
      </p>
      <ul aria-label="Conflicting files" className="list-inside list-disc font-mono text-xs">
        {files.map((file) => (
          <li key={file}>{file}</li>
        ))}
      </ul>
      <div className="space-y-2">
        <p className="font-medium">Next steps</p>
        <div className="flex flex-wrap items-center gap-2">
          <Button
            size="sm"
            disabled={followUp.isPending}
            onClick={() =>
              followUp.mutate(
                { mode: "continue", prompt: resolveConflictsPrompt(baseBranch, files) },
                { onSuccess: (created) => router.push(executionHref(created.id)) },
              )
            }
          >
            {followUp.isPending ? "Sending…" : "Ask the agent to resolve it"}
          </Button>
          <span className="text-xs">a Continue of #{shortId(lineHeadId)} naming the files; then apply again</span>
        </div>
        {worktreePath ? (
          <div className="flex flex-wrap items-center gap-2">
            <span>Or resolve it yourself in its worktree:</span>
            <code className="break-all font-mono text-xs">{worktreePath}</code>
            <CopyButton value={worktreePath} label="Copy path" />
          </div>
        ) : (
          <p className="text-xs">Its worktree is gone: a Continue starts a fresh one from its snapshot.</p>
        )}
      </div>
      {followUp.isError ? <ErrorAlert title="Not sent">{followUp.error.message}</ErrorAlert> : null}
    </div>
  );
}
