import "server-only";
import { parseId } from "@/lib/ids";
import type { ConversationTurn } from "@/lib/sessions/schema";
import { prisma } from "@/server/db";
import { oneLine, toolAnswer, toolError, type ToolAnswer } from "@/server/mcp/tool-answer";
import { getSessionConversation } from "@/server/sessions/get-session-conversation";

// get_session { ref }: a session's conversation as Arbor stored it — each
// turn's prompt, the agent's answer, tools, files and what it changed, and the
// person's mark. Read from stored events; a long session keeps its first and
// last turns whole and lists the ones between in a line each (no model call).

/** Turns shown whole at the start and the end of a long session. */
const HEAD_TURNS = 2;
const TAIL_TURNS = 8;
const ANSWER_MAX = 4_000;

export async function getSessionForAgent(input: { ref: string }): Promise<ToolAnswer> {
  const id = parseId("session", input.ref);
  if (!id) return toolError(`"${oneLine(input.ref, 40)}" is not a session ref: use one like SESS-3`);
  const session = await prisma.session.findUnique({
    where: { id },
    select: {
      id: true,
      title: true,
      agent: true,
      issueId: true,
      issue: { select: { title: true } },
      parentSessionId: true,
      executions: {
        orderBy: [{ createdAt: "asc" }, { id: "asc" }],
        select: { id: true, prompt: true, status: true, createdAt: true, changedFiles: true, linesAdded: true, linesDeleted: true },
      },
    },
  });
  if (!session) return toolError(`There is no session ${id}`);
  const conversation = await getSessionConversation(id);
  const turns = conversation.ok ? conversation.value.turns : [];
  const byId = new Map(turns.map((t) => [t.executionId, t]));

  const rows = session.executions.map((e, index) => {
    const turn = byId.get(e.id);
    return {
      turn: index + 1,
      executionId: e.id,
      date: e.createdAt.toISOString(),
      status: e.status,
      prompt: e.prompt,
      answer: turn?.answer ?? null,
      tools: turn?.tools ?? [],
      files: turn?.files ?? [],
      changes: e.changedFiles === null ? null : { files: e.changedFiles, additions: e.linesAdded ?? 0, deletions: e.linesDeleted ?? 0 },
      mark: turn?.mark ?? null,
    };
  });
  const long = rows.length > HEAD_TURNS + TAIL_TURNS;
  const whole = (n: number) => !long || n <= HEAD_TURNS || n > rows.length - TAIL_TURNS;
  const header = [
    `${session.id} "${session.title}" — ${session.agent}, on ${session.issueId} "${session.issue.title}"`,
    session.parentSessionId ? `Forked from ${session.parentSessionId}.` : null,
    `${rows.length} turn${rows.length === 1 ? "" : "s"}${long ? ` (turns ${HEAD_TURNS + 1}–${rows.length - TAIL_TURNS} in a line each)` : ""}.`,
  ].filter(Boolean);
  const body = rows.map((row) => (whole(row.turn) ? turnText(row) : `Turn ${row.turn} (${row.status}): ${oneLine(row.prompt, 160)}${outcome(row)}`));
  const structured = {
    session: session.id,
    title: session.title,
    agent: session.agent,
    issue: session.issueId,
    parentSession: session.parentSessionId,
    turns: rows,
  };
  return toolAnswer([...header, "", ...body].join("\n"), structured, [session.id]);
}

type Row = {
  turn: number;
  status: string;
  prompt: string;
  answer: string | null;
  tools: ConversationTurn["tools"];
  files: string[];
  changes: { files: number; additions: number; deletions: number } | null;
  mark: string | null;
};

function turnText(row: Row): string {
  const answer = row.answer ? (row.answer.length > ANSWER_MAX ? `${row.answer.slice(0, ANSWER_MAX)}… [answer cut]` : row.answer) : "(no answer)";
  const lines = [`## Turn ${row.turn} (${row.status}${row.mark ? `, marked ${row.mark}` : ""})`, `Prompt: ${row.prompt}`, `Answer: ${answer}`];
  if (row.tools.length) lines.push(`Tools: ${row.tools.map((t) => `${t.tool} ×${t.count}`).join(", ")}`);
  if (row.files.length) lines.push(`Files: ${row.files.join(", ")}`);
  if (row.changes) lines.push(`Changed: ${row.changes.files} file${row.changes.files === 1 ? "" : "s"}, +${row.changes.additions} −${row.changes.deletions}`);
  return `${lines.join("\n")}\n`;
}

function outcome(row: Row): string {
  const parts = [row.mark ? `marked ${row.mark}` : null, row.changes ? `+${row.changes.additions} −${row.changes.deletions}` : null].filter(Boolean);
  return parts.length ? ` [${parts.join(", ")}]` : "";
}
