-- Issue 14, fast turns: where each turn's time goes, and warm sessions.

-- When each hop of the launch path happened, as epoch milliseconds with
-- fractions (the web app stamps requestedAt and insertedAt, the runner the
-- rest: pickedAt, claimedAt, plannedAt, spawnedAt, firstLineAt, sessionAt),
-- so the execution page, `arbor show` and bench/fast-turns.ts can show where
-- the time went. JSON: hops may be added without a migration.
ALTER TABLE "executions" ADD COLUMN "timings" JSONB;

-- How the turn reached the agent: "spawn" (a new process), "warm" (the next
-- user message to the session's live process) or "steer" (delivered into the
-- running turn of the execution it continues); the reason says why a turn of
-- a warm session spawned anyway, or how a follow-up was delivered.
ALTER TABLE "executions" ADD COLUMN "launch_kind" TEXT;
ALTER TABLE "executions" ADD COLUMN "launch_reason" TEXT;

-- Warm sessions: a person can turn them off per session (the runner then
-- closes its live process and never keeps one again); while a runner keeps
-- the session's process alive after a turn, which runner, its pid, and until
-- when it stays if nothing comes.
ALTER TABLE "sessions" ADD COLUMN "keep_warm" BOOLEAN NOT NULL DEFAULT true;
ALTER TABLE "sessions" ADD COLUMN "warm_runner_id" TEXT;
ALTER TABLE "sessions" ADD COLUMN "warm_pid" INTEGER;
ALTER TABLE "sessions" ADD COLUMN "warm_until" TIMESTAMPTZ(3);
