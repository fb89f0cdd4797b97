-- The guarded resume decision (server/executions/resolve-resume-decision.ts),
-- the transcript-primed fallback and the telemetry that shows what resume saves.

-- How a Continue/Fork/restart related to the agent's session: "resume" (its
-- --resume), "fork" (--resume --fork-session, maybe at a message),
-- "fresh_with_transcript" (a new session whose prompt carries Arbor's
-- transcript of the conversation) or "fresh" (a restart without it); null for
-- a new run. The reason is a code, the message the sentence the UI shows.
ALTER TABLE "executions" ADD COLUMN "resume_decision" TEXT;
ALTER TABLE "executions" ADD COLUMN "resume_reason" TEXT;
ALTER TABLE "executions" ADD COLUMN "resume_message" TEXT;
-- The person asked for a fresh session (UI toggle, --fresh-session, freshSession).
ALTER TABLE "executions" ADD COLUMN "force_fresh" BOOLEAN NOT NULL DEFAULT false;
-- A transcript-primed turn carries the conversation up to and including this execution.
ALTER TABLE "executions" ADD COLUMN "transcript_source_execution_id" UUID;
ALTER TABLE "executions" ADD CONSTRAINT "executions_transcript_source_execution_id_fkey"
  FOREIGN KEY ("transcript_source_execution_id") REFERENCES "executions"("id") ON DELETE SET NULL ON UPDATE CASCADE;
CREATE INDEX "executions_restarted_from_execution_id_idx" ON "executions"("restarted_from_execution_id");

-- Telemetry per turn: whether it ran on the agent's resumed session, the
-- prompt-cache reads and writes of its usage (input_tokens already counts
-- them in), and the estimated tokens of Arbor's transcript of the
-- conversation: what a non-resumed turn would have had to send (resumed
-- turns), or did send (transcript-primed ones).
ALTER TABLE "executions" ADD COLUMN "session_resumed" BOOLEAN;
-- cache_read_tokens came with 20261123060000_outcomes_insights.
ALTER TABLE "executions" ADD COLUMN "cache_creation_tokens" INTEGER;
ALTER TABLE "executions" ADD COLUMN "transcript_tokens" INTEGER;

-- The runtime that ran the turn: the agent binary's real path and version.
ALTER TABLE "executions" ADD COLUMN "runtime_path" TEXT;
ALTER TABLE "executions" ADD COLUMN "runtime_version" TEXT;

-- A session's runtime fingerprint (of its latest captured turn): another
-- executable never resumes it; a version upgrade of the same one may.
ALTER TABLE "sessions" ADD COLUMN "runtime_path" TEXT;
ALTER TABLE "sessions" ADD COLUMN "runtime_version" TEXT;

-- Poisoned: resuming it is pointless (context window exceeded, the CLI
-- crashed on resume, or a person said so); later turns go fresh with the transcript.
ALTER TABLE "sessions" ADD COLUMN "poisoned_at" TIMESTAMPTZ(3);
ALTER TABLE "sessions" ADD COLUMN "poisoned_reason" TEXT;
ALTER TABLE "sessions" ADD COLUMN "poisoned_message" TEXT;

-- The agent's transcript as the runner last saw it (stat only, never read):
-- "available" or "missing", its size and last modification.
ALTER TABLE "sessions" ADD COLUMN "transcript_state" TEXT;
ALTER TABLE "sessions" ADD COLUMN "transcript_checked_at" TIMESTAMPTZ(3);
ALTER TABLE "sessions" ADD COLUMN "transcript_bytes" BIGINT;
ALTER TABLE "sessions" ADD COLUMN "transcript_modified_at" TIMESTAMPTZ(3);
