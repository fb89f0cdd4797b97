import "server-only";
import { conflict, type Result } from "@/lib/result";
import type { ResumeReason } from "@/lib/executions/types";
import { createExecution, type Created } from "@/server/executions/create-execution";
import { findExecution } from "@/server/executions/find-execution";
import type { Execution } from "@/server/generated/prisma/client";

// Start fresh: an ended execution's prompt (or a new one) in a new session,
// linked to it by restartedFromExecutionId (a "restarted" edge in the tree).
// With the conversation (the default), the new session's prompt carries
// Arbor's transcript of everything before the restarted turn; without it, the
// prompt goes alone. The runner uses the same path for its automatic retry of
// a turn whose resume the agent rejected.

export type StartFreshOptions = {
  /** Defaults to the restarted execution's prompt. */
  prompt?: string;
  /** Carry Arbor's transcript of the conversation before the restarted turn (default true). */
  withConversation?: boolean;
  idempotencyKey?: string | null;
  /** The runner's automatic retry: it runs there, and says why it happened. */
  automatic?: { runnerId: string; message: string };
};

/** The turn the restarted execution followed: what its conversation was, before its own prompt. */
function conversationBefore(source: Execution): string | null {
  return source.transcriptSourceExecutionId ?? source.parentExecutionId ?? source.forkedFromExecutionId;
}

export async function startFreshExecution(sourceId: string, options: StartFreshOptions = {}): Promise<Result<Created>> {
  const found = await findExecution(sourceId);
  if (!found.ok) return found;
  const source = found.value;
  if (source.status === "queued" || source.status === "running") {
    return conflict(`Execution ${source.id} is still ${source.status}; start fresh only after it has ended`);
  }
  const withConversation = options.withConversation ?? true;
  const before = withConversation ? conversationBefore(source) : null;
  const reason: ResumeReason = options.automatic ? "resume_rejected" : withConversation ? "restart_with_conversation" : "restart_without_conversation";
  const message = options.automatic
    ? options.automatic.message
    : before
      ? `Started fresh from execution ${source.id}, carrying Arbor's transcript of the conversation before it.`
      : withConversation
        ? `Started fresh from execution ${source.id}, the first turn of its conversation: there was nothing before it to carry.`
        : `Started fresh from execution ${source.id} without the conversation, as asked.`;
  return createExecution({
    issueId: source.issueId,
    prompt: options.prompt ?? source.prompt,
    agent: source.agent,
    // Where the restarted turn ran: its project (a worktree of its own starting where that turn
    // started, so files and conversation both go back to before it), or its directory.
    ...(source.projectId
      ? { projectId: source.projectId, sharedDirectory: source.sharedDirectory, startCommit: source.startSha ?? undefined }
      : { cwd: source.cwd }),
    idempotencyKey: options.idempotencyKey,
    restartedFromExecutionId: source.id,
    runnerId: options.automatic?.runnerId,
    resume: { decision: before ? "fresh_with_transcript" : "fresh", reason, message, transcriptSourceExecutionId: before },
  });
}
