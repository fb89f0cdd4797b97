-- A runner's worker ids are no longer stored: each worker's id names its
-- runner and that runner process's boot ("arbor:<runner>:<boot>:<slot>"), so
-- the locks a dead runner process left are found in graphile-worker's own
-- lock columns (server/runner/runner-locks.ts). The runner row records which
-- boot is current.
ALTER TABLE "runners" DROP COLUMN "worker_ids";
ALTER TABLE "runners" ADD COLUMN "boot_id" TEXT;

-- Which process an execution's agent is: its process group (the agent leads
-- its own) and its start time in clock ticks since the machine booted (field
-- 22 of /proc/<pid>/stat), so an orphan is stopped only while pid and start
-- time still match (pids are reused).
ALTER TABLE "executions" ADD COLUMN "process_group_id" INTEGER;
ALTER TABLE "executions" ADD COLUMN "process_start_ticks" BIGINT;
