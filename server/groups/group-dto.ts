import "server-only";
import type { GroupDto, GroupMember } from "@/lib/groups/schema";
import { joinTextDeltas } from "@/lib/executions/log-entries";
import { normalizeStoredEvent } from "@/server/agents/normalize-stored-event";
import { loadConfig } from "@/server/config/load-config";
import { prisma } from "@/server/db";
import { toExecutionDto } from "@/server/executions/execution-dto";
import type { Execution, ExecutionGroup } from "@/server/generated/prisma/client";

// A group as its page compares it: each member's execution plus what a side
// by side needs and the execution alone does not say (the final answer, the
// time to first output from the request, whether it waits for a runner slot).

/** How far back from a member's last event its final answer is looked for (the result line ends a turn). */
const TAIL_EVENTS = 40;

export async function toGroupDto(group: ExecutionGroup, members: readonly Execution[]): Promise<GroupDto> {
  const [answers, waiting] = await Promise.all([Promise.all(members.map(finalAnswerOf)), queuedAhead(members)]);
  const archived = new Set(group.archivedExecutionIds);
  const items: GroupMember[] = members.map((row, index) => ({
    execution: toExecutionDto(row),
    finalAnswer: answers[index],
    ...spans(row),
    archived: archived.has(row.id),
    queuedBehind: waiting.get(row.id) ?? null,
  }));
  return {
    ...groupFields(group),
    members: items,
    queueNote: queueNote(items),
  };
}

/** What a group says of itself, without its members (the list of an issue's groups shares it). */
export function groupFields(group: ExecutionGroup): Omit<GroupDto, "members" | "queueNote"> {
  return {
    id: group.id,
    issueId: group.issueId,
    prompt: group.prompt,
    sourceExecutionId: group.sourceExecutionId,
    startSha: group.startSha,
    projectId: group.projectId,
    pickedExecutionId: group.pickedExecutionId,
    pickedAt: group.pickedAt?.toISOString() ?? null,
    createdAt: group.createdAt.toISOString(),
  };
}

/** The group's members in the order they were asked for. */
export function membersOf(groupId: string): Promise<Execution[]> {
  return prisma.execution.findMany({ where: { groupId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
}

/**
 * The last result line's text: the agent's final answer; for an agent whose
 * result carries no text (Codex), its last assistant message. Null while it has none.
 */
async function finalAnswerOf(row: Execution): Promise<string | null> {
  if (row.eventCount === 0) return null;
  const events = await prisma.executionEvent.findMany({
    where: { executionId: row.id, stream: "stdout" },
    orderBy: { seq: "desc" },
    take: TAIL_EVENTS,
    select: { stream: true, kind: true, payload: true },
  });
  // In order, streamed pieces joined (Gemini writes a message in pieces).
  const entries = joinTextDeltas(events.reverse().flatMap((event) => normalizeStoredEvent(row.agent, event)));
  const result = entries.findLast((entry) => entry.type === "result" && Boolean(entry.text));
  if (result?.type === "result") return result.text;
  const text = entries.findLast((entry) => entry.type === "assistant_text" && entry.text.trim() !== "");
  return text?.type === "assistant_text" ? text.text : null;
}

/** From the request (else the insert) to the first line of output, and to the end. */
function spans(row: Execution): { timeToFirstOutputMs: number | null; totalMs: number | null } {
  const timings = (row.timings ?? {}) as Record<string, number | undefined>;
  const from = timings.requestedAt ?? timings.insertedAt ?? row.createdAt.getTime();
  const first = timings.firstLineAt;
  return {
    timeToFirstOutputMs: typeof first === "number" ? Math.max(0, first - from) : null,
    totalMs: row.finishedAt ? Math.max(0, row.finishedAt.getTime() - from) : null,
  };
}

/** For each queued member: how many queued executions (anyone's) were created before it. */
async function queuedAhead(members: readonly Execution[]): Promise<Map<string, number>> {
  const queued = members.filter((row) => row.status === "queued");
  const ahead = new Map<string, number>();
  if (queued.length === 0) return ahead;
  const counts = await Promise.all(queued.map((row) => prisma.execution.count({ where: { status: "queued", createdAt: { lt: row.createdAt } } })));
  for (const [index, row] of queued.entries()) ahead.set(row.id, counts[index]);
  return ahead;
}

/** Says why members wait, when some do: queued until a runner picks them up, or until a slot frees while others run. */
function queueNote(members: readonly GroupMember[]): string | null {
  const waiting = members.filter((member) => member.execution.status === "queued").length;
  if (waiting === 0) return null;
  const running = members.filter((member) => member.execution.status === "running").length;
  if (running === 0) return `${waiting} of ${members.length} members are queued: they start as soon as a runner picks them up.`;
  const capacity = loadConfig().runner.concurrency;
  return `${running} running, ${waiting} of ${members.length} waiting for a free runner slot (a runner runs ${capacity} at a time, ARBOR_RUNNER_CONCURRENCY): they start on their own as slots free up.`;
}
