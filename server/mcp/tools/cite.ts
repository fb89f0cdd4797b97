import "server-only";
import { parseReferenceId } from "@/lib/references/parse";
import { prisma } from "@/server/db";
import type { McpCaller } from "@/server/mcp/authenticate-mcp-request";
import { oneLine, toolAnswer, toolError, type ToolAnswer } from "@/server/mcp/tool-answer";

// cite { ref, note? }: the issue the run works on now cites SESS-n, ISSUE-n or
// SPEC-n, as a [[ref]] in its text would (it shows under "Referenced by").
// Recorded as the agent's (origin "agent", with the execution and note), so
// editing the issue's text does not take it away.

export const CITE_NOTE_MAX = 500;

export async function cite(input: { ref: string; note?: string }, caller: McpCaller): Promise<ToolAnswer> {
  const target = parseReferenceId(input.ref);
  if (!target) return toolError(`"${oneLine(input.ref, 40)}" is not a ref: use one like SESS-3, ISSUE-7 or SPEC-2`);
  if (target.type === "issue" && target.id === caller.issueId) return toolError(`${target.id} is the issue this run works on; it cannot cite itself`);
  const exists =
    target.type === "session"
      ? await prisma.session.findUnique({ where: { id: target.id }, select: { id: true } })
      : target.type === "issue"
        ? await prisma.issue.findUnique({ where: { id: target.id }, select: { id: true } })
        : await prisma.spec.findUnique({ where: { id: target.id }, select: { id: true } });
  if (!exists) return toolError(`There is no ${target.id}`);
  const note = input.note?.trim() ? input.note.trim() : null;
  const key = { sourceType: "issue", sourceId: caller.issueId, targetType: target.type, targetId: target.id };
  await prisma.entityReference.upsert({
    where: { sourceType_sourceId_targetType_targetId: key },
    create: { ...key, origin: "agent", executionId: caller.executionId, note },
    update: { origin: "agent", executionId: caller.executionId, note },
  });
  return toolAnswer(`${caller.issueId} now cites ${target.id}${note ? ` (“${oneLine(note, 120)}”)` : ""}; it shows under "Referenced by" on ${target.id}.`, {
    issue: caller.issueId,
    cited: target.id,
    note,
  });
}
