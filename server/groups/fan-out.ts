import "server-only";
import { err, ok, type AppError, type Result } from "@/lib/result";
import type { ExecutionDto } from "@/lib/executions/schema";
import type { FanOutData, FanOutRun, GroupDto } from "@/lib/groups/schema";
import { formatGroupId } from "@/lib/groups/ids";
import { prisma } from "@/server/db";
import { branchExecution, checkFollowUpChoice } from "@/server/executions/branch-execution";
import { cancelExecution } from "@/server/executions/cancel-execution";
import { prepareNewRun, type NewRun } from "@/server/executions/create-execution";
import { insertNewRunIn } from "@/server/executions/record-new-run";
import { findFollowUpSource } from "@/server/executions/find-execution";
import { toExecutionDto } from "@/server/executions/execution-dto";
import type { Execution, ExecutionGroup } from "@/server/generated/prisma/client";
import { isUniqueViolation } from "@/server/http/prisma-errors";
import { nextNumber } from "@/server/ids/next-number";
import { membersOf, toGroupDto } from "@/server/groups/group-dto";

// Fan-out (issue 26): one prompt to 2–8 runs at once, recorded as a group.
// From an issue: new runs, every member's worktree from one base commit
// (resolved once, so a base that moves meanwhile cannot split them). From an
// execution: forks of it, each from its snapshot and its conversation
// (natively for its own agent, with Arbor's transcript for another).
// All or nothing: every member is checked before any is queued, and a member
// refused at recording undoes those recorded before it.

export type FanOutResult = { group: GroupDto; executions: ExecutionDto[]; replayed: boolean };

export async function fanOut(input: FanOutData, idempotencyKey: string | null, requestedAt?: number): Promise<Result<FanOutResult>> {
  if (idempotencyKey) {
    const existing = await prisma.executionGroup.findUnique({ where: { idempotencyKey } });
    if (existing) return ok(await answer(existing, true));
  }
  try {
    const group = input.fromExecutionId
      ? await forksOf(input.fromExecutionId, input, idempotencyKey, requestedAt)
      : await newRuns(input, idempotencyKey, requestedAt);
    return group.ok ? ok(await answer(group.value, false)) : group;
  } catch (error) {
    // The same key sent twice at once: the other request made the group.
    if (idempotencyKey && isUniqueViolation(error)) {
      const existing = await prisma.executionGroup.findUnique({ where: { idempotencyKey } });
      if (existing) return ok(await answer(existing, true));
    }
    throw error;
  }
}

async function answer(group: ExecutionGroup, replayed: boolean): Promise<FanOutResult> {
  const members = await membersOf(group.id);
  return { group: await toGroupDto(group, members), executions: members.map((row) => toExecutionDto(row)), replayed };
}

/** New runs of an issue: each member prepared (and so checked) first, then the group and all of them in one transaction. */
async function newRuns(input: FanOutData, idempotencyKey: string | null, requestedAt?: number): Promise<Result<ExecutionGroup>> {
  const base = { issueId: input.issueId!, prompt: input.prompt, permissions: input.permissions, requestedAt };
  const first = await prepareNewRun({ ...base, projectId: input.projectId, startRef: input.startRef, ...member(input.runs[0], 0) });
  if (!first.ok) return forMember(first, input.runs[0], 0);
  // The rest work where the first does, from the commit it resolved (so a moving base cannot split them), checked side by side.
  const { projectId, cwd, sharedDirectory, startSha } = first.value.data;
  const place = { projectId: projectId ?? null, cwd, sharedDirectory: sharedDirectory ?? false, startSha: startSha ?? null };
  const rest = await Promise.all(input.runs.slice(1).map((run, i) => prepareNewRun({ ...base, place, ...member(run, i + 1) })));
  const prepared: NewRun[] = [first.value];
  for (const [i, result] of rest.entries()) {
    if (!result.ok) return forMember(result, input.runs[i + 1], i + 1);
    prepared.push(result.value);
  }
  const group = await prisma.$transaction(async (tx) => {
    const number = await nextNumber(tx, "group");
    const row = await tx.executionGroup.create({
      data: {
        id: formatGroupId(number),
        number,
        issueId: first.value.data.issueId,
        prompt: input.prompt,
        projectId: first.value.data.projectId ?? null,
        startSha: startSha ?? null,
        idempotencyKey,
      },
    });
    for (const run of prepared) await insertNewRunIn(tx, { row: run.data, runnerId: run.runnerId, groupId: row.id });
    return row;
  });
  return ok(group);
}

/** Forks of an execution: agents and models checked for every member, then each fork recorded as a Fork is. */
async function forksOf(sourceId: string, input: FanOutData, idempotencyKey: string | null, requestedAt?: number): Promise<Result<ExecutionGroup>> {
  const found = await findFollowUpSource(sourceId);
  if (!found.ok) return found;
  const source = found.value;
  // Each member checked as its Fork will be (agent, model, permissions) before any is recorded.
  const checked = await Promise.all(
    input.runs.map((run) => checkFollowUpChoice(source, "fork", { agent: run.agent, model: run.model, permissions: input.permissions })),
  );
  for (const [i, result] of checked.entries()) if (!result.ok) return forMember(result, input.runs[i], i);
  const group = await prisma.$transaction(async (tx) => {
    const number = await nextNumber(tx, "group");
    return tx.executionGroup.create({
      data: {
        id: formatGroupId(number),
        number,
        issueId: source.issueId,
        prompt: input.prompt,
        sourceExecutionId: source.id,
        projectId: source.projectId,
        startSha: source.snapshotSha,
        idempotencyKey,
      },
    });
  });
  const recorded: Execution["id"][] = [];
  try {
    for (const [i, run] of input.runs.entries()) {
      const fork = await branchExecution(source.id, "fork", input.prompt, idempotencyKey ? `${idempotencyKey}:${i}` : null, {
        requestedAt,
        permissions: input.permissions,
        agent: run.agent,
        model: run.model,
        groupId: group.id,
      });
      if (!fork.ok) {
        await undo(group.id, recorded);
        return forMember(fork, run, i);
      }
      recorded.push(fork.value.execution.id);
    }
  } catch (error) {
    await undo(group.id, recorded);
    throw error;
  }
  return ok(group);
}

/** Takes back a fan-out refused part way: its members cancelled and, when none had started, removed with the group. */
async function undo(groupId: string, executionIds: readonly string[]): Promise<void> {
  for (const id of executionIds) await cancelExecution(id);
  const started = await prisma.execution.count({ where: { id: { in: [...executionIds] }, startedAt: { not: null } } });
  // A member already started stays, cancelled, in its group; the key is freed so a retry makes a new group.
  if (started > 0) return void (await prisma.executionGroup.update({ where: { id: groupId }, data: { idempotencyKey: null } }));
  await prisma.$transaction([
    prisma.execution.deleteMany({ where: { id: { in: [...executionIds] } } }),
    prisma.executionGroup.delete({ where: { id: groupId } }),
  ]);
}

const member = (run: FanOutRun, index: number) => ({ agent: run.agent, model: run.model, modelField: `runs[${index}].model` });

/** A member's refusal, its message saying which member ("runs[1] (codex:gpt-5.5): …"). */
function forMember<T>(result: Result<T>, run: FanOutRun, index: number): Result<never> {
  if (result.ok) throw new Error("forMember is for refusals");
  const who = `runs[${index}] (${run.agent}${run.model ? `:${run.model}` : ""})`;
  const error: AppError = { ...result.error, message: `${who}: ${result.error.message}` };
  return err(error);
}
