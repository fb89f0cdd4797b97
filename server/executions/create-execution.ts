import "server-only";
import { parseId, notFoundMessage } from "@/lib/ids";
import { err, ok, type Result } from "@/lib/result";
import type { ExecutionDto, ResumeInfo } from "@/lib/executions/schema";
import { prisma } from "@/server/db";
import { checkRunAgent, DEFAULT_AGENT } from "@/server/executions/check-run-agent";
import { toExecutionDto } from "@/server/executions/execution-dto";
import { resolveRunPlace, type RunPlace } from "@/server/executions/resolve-run-place";
import type { RegisteredProject } from "@/server/executions/adopt-repository";
import { recordIdempotently } from "@/server/executions/insert-idempotently";
import { recordNewRun, type NewRunRow } from "@/server/executions/record-new-run";
import { expandPrompt } from "@/server/references/expand-prompt";
import type { PermissionPolicyInput } from "@/lib/permissions/schema";
import { checkRunPermissions } from "@/server/permissions/check-run-permissions";
import { readProjectPolicy } from "@/server/permissions/read-project-policy";
import { checkRunModel } from "@/server/executions/check-run-model";

export type CreateExecutionArgs = {
  issueId: string;
  prompt: string;
  /** Default: the issue's project's default agent, else Claude Code. */
  agent?: string;
  /** The model the agent runs with (its CLI's --model); default: the CLI's own. */
  model?: string;
  cwd?: string;
  /** "PROJ-2" or "default"; default: the issue's project. */
  projectId?: string;
  /** In a git project: run in its directory itself, no worktree. */
  sharedDirectory?: boolean;
  /** In a git project: what the run's worktree starts from (default: the base branch's head). */
  startRef?: string;
  /** A commit already chosen (a restart starts where the run it restarts started). */
  startCommit?: string;
  idempotencyKey?: string | null;
  restartedFromExecutionId?: string;
  /** Run on this runner only (default: any runner). */
  runnerId?: string;
  /** A restart's relation to the conversation it restarts (start-fresh-execution.ts). */
  resume?: ResumeInfo;
  /** When the request arrived (epoch ms, lib/executions/timings.ts), for the launch path's timings. */
  requestedAt?: number;
  /** The run's own permission policy, over its project's (lib/permissions/schema.ts). */
  permissions?: PermissionPolicyInput;
};

/** `registeredProject`: the run's cwd was a git repository no project had, registered now (adopt-repository.ts). */
export type Created = { execution: ExecutionDto; replayed: boolean; registeredProject?: RegisteredProject };

/** A new run checked and ready to insert: everything but its id, time and queue. */
export type NewRun = {
  data: NewRunRow;
  runnerId: string | null;
  registeredProject?: RegisteredProject;
};

export async function createExecution(args: CreateExecutionArgs): Promise<Result<Created>> {
  const prepared = await prepareNewRun(args);
  if (!prepared.ok) return prepared;
  const { data: row, runnerId } = prepared.value;
  const inserted = await recordIdempotently(args.idempotencyKey, async () => ok(await recordNewRun({ row, runnerId })));
  if (!inserted.ok) return inserted;
  const { registeredProject } = prepared.value;
  return ok({ execution: toExecutionDto(inserted.value.row), replayed: inserted.value.replayed, ...(registeredProject ? { registeredProject } : {}) });
}

/** A read started ahead of need: awaiting it still throws; not awaiting it is no unhandled rejection. */
function handled<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => {});
  return promise;
}

/** The agent (known, installed, configured) and then its model, as a new run would use them. */
async function checkAgentAndModel(agentId: string, args: { model?: string; modelField?: string }): Promise<Result<{ agent: string; model: string | null }>> {
  const agent = await checkRunAgent(agentId);
  if (!agent.ok) return agent;
  const model = await checkRunModel(agent.value, args.model, args.modelField);
  return model.ok ? ok({ agent: agent.value, model: model.value }) : model;
}

/**
 * Everything a new run needs checked before it is recorded: its issue, where
 * it works, its agent (and model), its permissions; nothing is written. A
 * fan-out prepares every member this way before it inserts any.
 */
export async function prepareNewRun(
  args: CreateExecutionArgs & {
    /** The request field a refused model is named by ("runs[2].model"). */
    modelField?: string;
    /** Where it works, already resolved (a fan-out's members share one). */
    place?: RunPlace;
  },
): Promise<Result<NewRun>> {
  // The checks read independent things: each read starts as soon as what it needs is known, and the answers are
  // judged in this order (the first refusal is the one said). One after the other, a new run waited for each
  // (issue 28). A read whose answer is not needed any more is still let finish, never left unhandled.
  const issueId = parseId("issue", args.issueId);
  const asked = args.agent !== undefined ? handled(checkAgentAndModel(args.agent, args)) : null;
  const expanding = handled(expandPrompt(args.prompt));
  const issue = issueId ? await prisma.issue.findUnique({ where: { id: issueId }, select: { id: true, projectId: true } }) : null;
  if (!issue)
    return err({
      code: "validation_failed",
      message: `issueId: ${notFoundMessage("issue", args.issueId)}`,
      details: { fieldErrors: { issueId: [notFoundMessage("issue", args.issueId)] }, formErrors: [] },
    });
  // The issue's project is where most runs work: its permission policy is read beside the place.
  const issuePolicy = handled(readProjectPolicy(issue.projectId));
  // Its project and directory (and, for a worktree of its own, the commit it starts from), all checked now.
  const place = args.place ? ok(args.place) : await resolveRunPlace({ issueProjectId: issue.projectId, ...args });
  if (!place.ok) return place;
  // The agent: the one asked for, else the default agent of the project it runs in, else Claude Code.
  const project =
    asked === null && place.value.projectId ? await prisma.project.findUnique({ where: { id: place.value.projectId }, select: { defaultAgent: true } }) : null;
  const checked = await (asked ?? checkAgentAndModel(project?.defaultAgent ?? DEFAULT_AGENT, args));
  if (!checked.ok) return checked;
  const { agent, model } = checked.value;
  // The mode it would run in (its own, else its project's) must be one the agent can honour.
  const projectPolicy = place.value.projectId === issue.projectId ? issuePolicy : undefined;
  const permissions = await checkRunPermissions(agent, args.permissions, place.value.projectId, projectPolicy);
  if (!permissions.ok) return permissions;
  // `prompt` is kept as typed; the agent receives cited specs/issues expanded.
  const expanded = await expanding;
  const timings: Record<string, number> = args.requestedAt ? { requestedAt: args.requestedAt } : {};
  return ok({
    runnerId: args.runnerId ?? null,
    ...(place.value.registeredProject ? { registeredProject: place.value.registeredProject } : {}),
    data: {
      issueId: issue.id,
      agent,
      model,
      prompt: args.prompt,
      agentPrompt: expanded.agentPrompt,
      expandedReferences: expanded.expandedReferences,
      cwd: place.value.cwd,
      projectId: place.value.projectId,
      sharedDirectory: place.value.sharedDirectory,
      startSha: place.value.startSha,
      idempotencyKey: args.idempotencyKey ?? null,
      restartedFromExecutionId: args.restartedFromExecutionId ?? null,
      resumeDecision: args.resume?.decision ?? null,
      resumeReason: args.resume?.reason ?? null,
      resumeMessage: args.resume?.message ?? null,
      transcriptSourceExecutionId: args.resume?.transcriptSourceExecutionId ?? null,
      requestedPermissions: args.permissions ?? null,
      timings,
    },
  });
}
