-- A project that has history can be retired: hidden from lists and pickers,
-- its specs, issues, executions, worktrees and snapshots kept, and brought
-- back by clearing the column. (DELETE stays for projects nothing uses.)
ALTER TABLE "projects" ADD COLUMN "archived_at" TIMESTAMPTZ(3);
