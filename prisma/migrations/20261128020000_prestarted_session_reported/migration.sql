-- When a pre-started agent reported the session it holds (Claude Code: its
-- answer to get_status, before any message): a new run that claims such an
-- agent records that session id in its insert, so the page shows it with
-- the run (server/executions/claim-prestarted.ts).
ALTER TABLE "prestarted_agents" ADD COLUMN "session_reported_at" TIMESTAMPTZ(3);
