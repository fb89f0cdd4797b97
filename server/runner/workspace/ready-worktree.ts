import { prisma } from "@/server/db";
import type { Project } from "@/server/generated/prisma/client";
import { describeScriptOutcome, runProjectScript } from "@/server/projects/project-script";
import { copyIgnoredFiles } from "@/server/runner/workspace/copy-files";
import type { WorkspaceLog } from "@/server/runner/workspace/workspace-log";

// A new worktree made ready to work in, before the agent's first turn there
// (prepare-workspace.ts calls it once the worktree is made and recorded; a
// Continue that goes on in its parent's worktree never gets here): the main
// checkout's ignored files copied in (copy-files.ts), then the project's
// setup script run in it (`sh -c`, the person's own shell text, in its own
// process group, within the project's checkTimeoutSeconds, with the runner's
// environment minus Arbor's secrets: server/projects/project-script.ts), its
// output in the turn's log. A script that fails fails the execution with
// `setup_failed` and its output's tail; the worktree stays recorded and on
// disk for inspection (its snapshot is taken as for any ended execution),
// and the agent never starts. A Cancel while the script runs stops it at
// once (the runner hears of a Cancel only for a live agent, so this asks the
// row itself): the execution then fails the same way, saying so.

export type ReadyResult = { ok: true } | { ok: false; code: "setup_failed"; message: string };

type ReadyProject = Pick<Project, "id" | "path" | "copyFiles" | "setupScript" | "checkTimeoutSeconds">;

const CANCEL_POLL_MS = 1_000;

export async function readyWorktree(
  executionId: string,
  project: ReadyProject,
  worktree: string,
  env: Readonly<Record<string, string | undefined>>,
  log: WorkspaceLog,
): Promise<ReadyResult> {
  try {
    await copyIgnoredFiles({ repo: project.path, worktree, copyFiles: project.copyFiles, log });
  } catch (error) {
    // Copies are a convenience: the run goes on without them, saying why.
    log("warning", { message: `Could not copy the main checkout's files into the worktree: ${(error as Error).message}` });
  }
  if (!project.setupScript) return { ok: true };
  const timeoutMs = project.checkTimeoutSeconds * 1000;
  log("setup", { message: `Running ${project.id}'s setup script in ${worktree}` });
  const stop = new AbortController();
  const poll = setInterval(() => {
    void prisma.execution
      .findUnique({ where: { id: executionId }, select: { cancelRequestedAt: true } })
      .then((row) => row?.cancelRequestedAt && stop.abort())
      .catch(() => {});
  }, CANCEL_POLL_MS);
  const outcome = await runProjectScript({
    script: project.setupScript,
    cwd: worktree,
    env,
    timeoutMs,
    signal: stop.signal,
    onLine: (line) => log("setup", { stream: line.stream, text: line.text }),
  }).finally(() => clearInterval(poll));
  const summary = describeScriptOutcome("The setup script", outcome, timeoutMs);
  if (outcome.truncated) log("warning", { message: "The setup script printed more than the log keeps: the rest of its output was not stored" });
  if (outcome.status === "passed") {
    log("setup", { message: summary });
    return { ok: true };
  }
  const tail = outcome.tail.trim();
  return {
    ok: false,
    code: "setup_failed",
    message: `${summary}, so the agent did not start. The worktree is kept for inspection at ${worktree}.${tail ? `\n\nThe end of its output:\n${tail}` : ""}`,
  };
}
