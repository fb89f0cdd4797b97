import "server-only";
import { Prisma } from "@/server/generated/prisma/client";
import { HEARTBEAT_MS } from "@/server/runners/runner-liveness";

/** A runner heard from within this long: one that crashed holding rows stops being offered them within seconds. */
const CLAIM_FRESH_MS = HEARTBEAT_MS * 2 + 1_000;

// A new run takes a pre-started agent (issue 28, server/runner/warm/
// prestart-pool.ts) when a live runner that takes turns holds one for its
// project, agent and model, waiting in a worktree of the very commit the run
// starts from. Claimed in the statement that inserts the run, by deleting the
// row (concurrent runs skip each other's row): the run takes the
// process's session id as its own and is queued for that runner; when the
// process has named that session already (its answer to get_status), the id
// is the run's from its insert, so the page shows it with the run. The runner
// checks the rest of the launch (permissions, MCP, environment, the CLI
// binary) before it uses the process, and spawns as usual, in that same
// session, when anything differs.

export type PrestartCandidate = {
  projectId: string | null;
  agent: string;
  model: string | null;
  startSha: string | null;
  sharedDirectory: boolean;
  /** A restart composes its prompt from a transcript, with a decision of its own: it never takes one. */
  resumeDecision: string | null;
  /** The run must go to this runner (none: any). */
  runnerId: string | null;
};

/** Whether a run can take a pre-started agent at all: a worktree of its own from a known commit, a run of its own. */
export function mayTakePrestarted(run: PrestartCandidate): boolean {
  return Boolean(run.projectId && run.startSha && !run.sharedDirectory && !run.resumeDecision);
}

/**
 * The claim, as part of the statement that records the run (record-new-run.ts):
 * `DELETE … RETURNING session_id, runner_id, reported` (`reported`: the
 * process named its session already, so the run may show it from its insert).
 * No row when nothing fits. Its text is the same for every run (every part of
 * it is a value), so the statement is prepared once per connection.
 */
export function prestartClaim(run: PrestartCandidate): Prisma.Sql {
  return Prisma.sql`
    DELETE FROM prestarted_agents WHERE ${mayTakePrestarted(run)}::boolean AND session_id = (
      SELECT p.session_id FROM prestarted_agents p JOIN runners r ON r.id = p.runner_id
      WHERE p.project_id = ${run.projectId}::text AND p.agent = ${run.agent}::text AND p.model IS NOT DISTINCT FROM ${run.model}::text
        AND p.base_sha = ${run.startSha}::text AND (${run.runnerId}::text IS NULL OR p.runner_id = ${run.runnerId}::text)
        AND r.stopped_at IS NULL AND r.draining_at IS NULL AND r.heartbeat_at > now() - make_interval(secs => ${CLAIM_FRESH_MS / 1000}::double precision)
      ORDER BY p.created_at LIMIT 1 FOR UPDATE OF p SKIP LOCKED)
    RETURNING session_id, runner_id, session_reported_at IS NOT NULL AS reported`;
}
