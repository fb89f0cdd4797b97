import "server-only";
import { randomUUID } from "node:crypto";
import { conflict, ok, type Result } from "@/lib/result";
import type { CreatePullRequestInput, PullRequest } from "@/lib/pulls/schema";
import { prisma } from "@/server/db";
import { isUniqueViolation } from "@/server/http/prisma-errors";
import type { PullRequest as PullRequestRow } from "@/server/generated/prisma/client";
import { github } from "./github-api";
import { forgeRepository, lineContext } from "./line-context";
import { pullRequestBody } from "./pull-request-body";
import { toPullRequestDto } from "./pull-request-dto";
import { pushLine } from "./push-execution";
import { refreshPullRequest } from "./refresh-pull-request";
import { POLL_MIN_MS } from "./poll-schedule";

// POST /api/executions/:id/pull-request: the line's branch pushed (with this
// turn's snapshot, when it is not there yet) and a pull request opened on
// GitHub against the project's base branch, with a body Arbor writes from
// the session. A line has one PR: asking again answers the one it has (and a
// PR someone opened for the branch on GitHub by hand is adopted).

type GhPull = { number: number; html_url: string; title: string; head: { sha: string } };

export async function openPullRequest(executionId: string, input: CreatePullRequestInput): Promise<Result<{ pullRequest: PullRequest; created: boolean }>> {
  const context = await lineContext(executionId);
  if (!context.ok) return context;
  const { execution, project, remote } = context.value;
  const repo = forgeRepository(context.value);
  if (!repo.ok) return repo;
  const repository = `${repo.value.owner}/${repo.value.repo}`;
  const baseBranch = project.baseBranch;
  if (!baseBranch)
    return conflict(`Project ${project.id} has no base branch to open a pull request against: set one on the project`, { reason: "no_base_branch" });

  if (!isPushed(execution.pushed, execution.snapshotSha)) {
    const pushed = await pushLine(context.value);
    if (!pushed.ok) return pushed;
  }
  const existing = await prisma.pullRequest.findUnique({ where: { projectId_branch: { projectId: project.id, branch: execution.worktreeBranch } } });
  if (existing) return ok({ pullRequest: toPullRequestDto(await refreshed(existing)), created: false });

  const owner = repo.value.owner;
  const head = `${owner}:${execution.worktreeBranch}`;
  let pull: GhPull;
  const already = await github<GhPull[]>({ path: `/repos/${repository}/pulls?state=all&per_page=1&head=${encodeURIComponent(head)}` });
  if (!already.ok) return already;
  if (already.value.length > 0) {
    pull = already.value[0];
  } else {
    const issue = execution.issueId ? await prisma.issue.findUnique({ where: { id: execution.issueId }, select: { title: true } }) : null;
    const title = input.title ?? (issue ? `${issue.title} (${execution.issueId})` : firstLine(execution.prompt));
    const body = input.body ?? (await pullRequestBody(context.value, baseBranch));
    const created = await github<GhPull>({
      method: "POST",
      path: `/repos/${repository}/pulls`,
      body: { title, head: execution.worktreeBranch, base: baseBranch, body },
    });
    if (!created.ok) return created;
    pull = created.value;
  }

  const data = {
    projectId: project.id,
    executionId: execution.id,
    branch: execution.worktreeBranch,
    baseBranch,
    remote,
    provider: "github",
    repository,
    number: pull.number,
    url: pull.html_url,
    title: pull.title,
    headSha: pull.head.sha,
    nextPollAt: new Date(Date.now() + POLL_MIN_MS),
  };
  try {
    const row = await prisma.pullRequest.create({ data: { id: randomUUID(), ...data } });
    return ok({ pullRequest: toPullRequestDto(await refreshed(row)), created: true });
  } catch (error) {
    // Two requests at once: the other one recorded it first; answer that one.
    if (!isUniqueViolation(error)) throw error;
    const row = await prisma.pullRequest.findUniqueOrThrow({ where: { projectId_branch: { projectId: project.id, branch: execution.worktreeBranch } } });
    return ok({ pullRequest: toPullRequestDto(row), created: false });
  }
}

/** The row read back from the forge now (state, CI, comments); as it was when the read fails (lastError says why). */
async function refreshed(row: PullRequestRow): Promise<PullRequestRow> {
  const result = await refreshPullRequest(row);
  return result.ok ? result.value : ((await prisma.pullRequest.findUnique({ where: { id: row.id } })) ?? row);
}

function isPushed(pushed: unknown, sha: string): boolean {
  return typeof pushed === "object" && pushed !== null && (pushed as { commit?: unknown }).commit === sha;
}

const firstLine = (text: string) => (text.split("\n").find((l) => l.trim()) ?? "Changes by Arbor").trim().slice(0, 120);
