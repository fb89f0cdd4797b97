-- Arbor's own git work never runs a repository's code (server/git/run-git.ts).
-- Apply runs what `git merge` would run in the person's checkout (its hooks,
-- filters, merge drivers) only where the person opted in for the project.
ALTER TABLE projects ADD COLUMN run_hooks_on_apply BOOLEAN NOT NULL DEFAULT false;

-- Why Arbor refused to run git in an execution's worktree (its `.git` no
-- longer points at the repository's record of it); the execution then keeps
-- its line's last good snapshot. Null: nothing wrong.
ALTER TABLE executions ADD COLUMN worktree_problem TEXT;
