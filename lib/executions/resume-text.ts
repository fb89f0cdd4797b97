import type { ExecutionDto } from "@/lib/executions/execution-schema";
import type { ResumeReason } from "@/lib/executions/types";
import { formatTokens } from "@/lib/executions/format";

// The words the UI uses for a turn's resume decision and its telemetry (one
// place, so the execution page, the tree and the session page say the same
// thing; a session's own health and poison mark: lib/sessions/resume-text.ts).
// Pure and isomorphic.

const FRESH_BECAUSE: Partial<Record<ResumeReason, string>> = {
  force_fresh: "a fresh session was asked for",
  other_agent: "another agent made the session",
  session_poisoned: "the session is marked not to be resumed",
  capability_missing: "the installed CLI cannot resume",
  runtime_changed: "another build of the CLI made the session",
  cwd_missing: "the session's directory is gone",
  transcript_missing: "the agent's session is gone",
  restart_with_conversation: "started fresh with the conversation",
};

export type ResumeBadge = {
  /** Short text for a badge. */
  label: string;
  /** The longer sentence (the recorded reason), if any. */
  detail: string | null;
  tone: "resumed" | "transcript" | "fresh";
};

/** How a turn related to the agent's session, for a badge; null for a new run or a plain resume with nothing to say. */
export function resumeBadge(execution: Pick<ExecutionDto, "resume" | "telemetry">): ResumeBadge | null {
  const resume = execution.resume;
  if (!resume) return null;
  switch (resume.decision) {
    case "fresh_with_transcript":
      return {
        label:
          resume.reason === "resume_rejected"
            ? "continued from Arbor's transcript — the agent's session was gone"
            : `continued from Arbor's transcript — ${FRESH_BECAUSE[resume.reason] ?? "the session could not be resumed"}`,
        detail: resume.message,
        tone: "transcript",
      };
    case "fresh":
      return { label: "fresh session without the conversation", detail: resume.message, tone: "fresh" };
    case "resume":
    case "fork": {
      // Its source's worktree was gone: said even before it runs, since its files start from a snapshot.
      if (resume.reason === "worktree_gone") {
        return { label: "forked from its snapshot — the worktree of its line of work was gone", detail: resume.message, tone: "transcript" };
      }
      if (!execution.telemetry.sessionResumed) return null;
      const saved = execution.telemetry.savedInputTokens;
      const verb = resume.decision === "fork" ? "forked the agent's session" : "resumed";
      return { label: saved ? `${verb} — saved ≈ ${formatTokens(saved)} input tokens` : verb, detail: resume.message, tone: "resumed" };
    }
  }
}
