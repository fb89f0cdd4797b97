import { isDeepStrictEqual } from "node:util";
import { prisma } from "@/server/db";
import type { Execution } from "@/server/generated/prisma/client";
import { pinCommit } from "@/server/git/refs";
import { runGit } from "@/server/git/run-git";
import { startRefName, worktreeBranchName } from "@/server/git/worktree-names";
import { planPrestartedLaunch } from "@/server/runner/warm/prestart-launch";
import { launchMismatch } from "@/server/turns/prestart-fit";
import type { Prestarted, PrestartPool } from "@/server/runner/warm/prestart-pool";
import { binaryStat } from "@/server/runner/warm/warm-guards";
import type { WarmPlanned } from "@/server/runner/warm/warm-plan";

// A new run given to the pre-started process it claimed (prestart-pool.ts):
// its launch planned again for the run (its own policy, the project's now)
// and checked to be the process's very launch; then the run's prompt is the
// process's first message, and while the agent reads it the worktree becomes
// the run's line (becomeLine: its start pinned, its branch renamed
// arbor/<ISSUE-n>/<short id>; two git calls the model request need not wait
// for; one git refuses is said in the runner's log, the run goes on). What
// a spawn's plan writes on the row (runtime, policy, the worktree) is written
// with the process record instead, once that is done (warm-sessions.ts).
// `why` when the process cannot serve the run: it is closed and the run
// spawns as usual, in the same session.

export type PrestartedPlan = WarmPlanned & {
  /** Makes the worktree the run's line; what the process record stores of the run's launch and worktree. */
  becomeLine(): Promise<Record<string, unknown>>;
};

export async function planPrestartedTurn(
  execution: Execution,
  entry: Prestarted,
  pool: PrestartPool,
  env: NodeJS.ProcessEnv,
  log: (line: string) => void,
): Promise<{ plan: PrestartedPlan } | { why: string }> {
  const prompt = execution.agentPrompt ?? execution.prompt;
  const [launch, binary, project] = await Promise.all([
    planPrestartedLaunch(execution, { sessionId: entry.sessionId, cwd: entry.cwd }, env, entry.launch.mcp, prompt),
    binaryStat(entry.process),
    prisma.project.findUnique({ where: { id: entry.projectId }, select: { setupScript: true, copyFiles: true } }),
  ]);
  const why =
    (execution.startSha !== entry.baseSha ? "the run starts from another commit than the pre-started worktree" : null) ??
    (!project || project.setupScript || !isDeepStrictEqual(project.copyFiles, entry.copyFiles)
      ? "the project's setup script or copied files changed since the process started"
      : null) ??
    launchMismatch(entry.process.options, launch?.prepared ?? null) ??
    (launch!.runtime.path !== entry.launch.runtime.path || !isDeepStrictEqual(binary, entry.process.options.binary ?? binary)
      ? "the agent's CLI changed since the process started"
      : null) ??
    (entry.process.alive ? null : "it had exited");
  if (why || !launch) {
    await pool.discard(entry, why ?? "its launch could not be planned");
    return { why: `The pre-started agent process could not take the run (${why}); it spawned the agent` };
  }
  const branch = worktreeBranchName(execution.issueId, execution.id);
  const cwd = entry.cwd;
  const becomeLine = async (): Promise<Record<string, unknown>> => {
    // One after the other (two ref locks at once can fail on some ref stores); the agent does not wait for them.
    // The agent is at work already: a ref git would not write leaves the run on the pool's branch (or its start unpinned), said in the log.
    const refused = (error: Error) => {
      log(`pre-started run ${execution.id}: ${error.message}`);
      return false;
    };
    await pinCommit(entry.repo, startRefName(execution.id), entry.baseSha, `arbor: start of ${branch}`).catch(refused);
    const renamed = await runGit(entry.repo, ["branch", "-m", entry.branch, branch]).then(() => true, refused);
    return {
      runtimePath: launch.runtime.path,
      runtimeVersion: launch.runtime.version,
      ...(launch.permissions ? { permissionPolicy: launch.permissions } : {}),
      cwd,
      worktreePath: cwd,
      worktreeBranch: renamed ? branch : entry.branch,
      worktreeState: "present",
      startSha: entry.baseSha,
    };
  };
  return {
    plan: {
      ok: true,
      mode: { kind: "new", sessionId: entry.sessionId },
      prepared: launch.prepared,
      cwd,
      resumes: false,
      resume: null,
      transcriptSourceId: null,
      transcript: null,
      permissions: launch.permissions,
      mcpTokenHash: launch.mcp?.tokenHash ?? null,
      warm: entry.process,
      place: async () => ({ ok: true, cwd }),
      becomeLine,
    },
  };
}
