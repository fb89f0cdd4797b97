import "server-only";
import { conflict, ok, type Result } from "@/lib/result";
import { parseRemoteUrl, type ForgeRepository } from "@/lib/pulls/remote-url";
import { prisma } from "@/server/db";
import { findExecution } from "@/server/executions/find-execution";
import type { Execution, Project } from "@/server/generated/prisma/client";
import { catchGitErrors } from "@/server/git/git-failure";
import { remoteUrl } from "@/server/git/push-branch";

// What push and pull requests need to know about an execution's line of work:
// its project, branch and snapshot, and where its remote is. Every way this
// cannot be known is a 409 saying what is missing.

export type LineContext = {
  execution: Execution & { snapshotSha: string; worktreeBranch: string };
  project: Project;
  remote: string;
  /** The remote's configured URL (as git has it; never shown when it carries credentials). */
  url: string;
};

export async function lineContext(executionId: string): Promise<Result<LineContext>> {
  const found = await findExecution(executionId);
  if (!found.ok) return found;
  const execution = found.value;
  if (!execution.projectId)
    return conflict("This execution ran in the default workspace, not in a project's repository: there is no branch to push", { reason: "no_project" });
  if (execution.sharedDirectory || !execution.worktreeBranch) {
    return conflict("This execution has no line of work of its own (no worktree branch): only a run in its own worktree can be pushed", {
      reason: "no_branch",
    });
  }
  if (!execution.snapshotSha) {
    const why = execution.status === "queued" || execution.status === "running" ? "it is still running" : "it has no snapshot";
    return conflict(`This execution cannot be pushed yet: ${why}`, { reason: "no_snapshot" });
  }
  const project = await prisma.project.findUnique({ where: { id: execution.projectId } });
  if (!project) return conflict(`Project ${execution.projectId} is gone`, { reason: "no_project" });
  const remote = project.remote ?? "origin";
  const url = await catchGitErrors(async () => ok(await remoteUrl(project.path, remote)));
  if (!url.ok) return url;
  if (!url.value) {
    return conflict(
      project.remote
        ? `The project's remote "${remote}" is not configured in ${project.path} (git remote add ${remote} <url>)`
        : `The repository at ${project.path} has no remote "origin": add one (git remote add origin <url>) or set the project's remote`,
      { reason: "no_remote", remote },
    );
  }
  return ok({ execution: execution as LineContext["execution"], project, remote, url: url.value });
}

/** owner/repo on GitHub from the remote's URL; a 409 when it names no repository there. */
export function forgeRepository(context: LineContext): Result<ForgeRepository> {
  const parsed = parseRemoteUrl(context.url);
  if (!parsed) {
    return conflict(
      `The remote "${context.remote}" (${redact(context.url)}) does not name a GitHub repository (https://host/owner/repo or git@host:owner/repo)`,
      {
        reason: "not_a_forge_remote",
      },
    );
  }
  return ok(parsed);
}

export const redact = (url: string) => url.replace(/\/\/[^/@\s]+@/, "//***@");
