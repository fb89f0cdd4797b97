-- What each installed agent lacks in a runner's environment (its key or
-- config), reported with installed_agents at start and on every heartbeat:
-- agent id -> {"variable": ..., "message": ...}. Never a secret's value.
ALTER TABLE "runners" ADD COLUMN "agent_needs" JSONB NOT NULL DEFAULT '{}';
