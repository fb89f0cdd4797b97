import "server-only";
import { notFoundMessage, parseId } from "@/lib/ids";
import { prisma } from "@/server/db";
import type { McpCaller } from "@/server/mcp/authenticate-mcp-request";
import { oneLine, toolAnswer, toolError, type ToolAnswer } from "@/server/mcp/tool-answer";

// list_issue_sessions { issue? }: the sessions of the calling run's issue (or
// another), as the issue's session tree: each with the session it was forked
// from, its depth, turns, agent and latest status. The caller's own is marked.

export async function listIssueSessions(input: { issue?: string }, caller: McpCaller): Promise<ToolAnswer> {
  const issueId = input.issue === undefined ? caller.issueId : parseId("issue", input.issue);
  if (!issueId) return toolError(`"${oneLine(input.issue ?? "", 40)}" is not an issue ref: use one like ISSUE-7`);
  const issue = await prisma.issue.findUnique({ where: { id: issueId }, select: { id: true, title: true } });
  if (!issue) return toolError(notFoundMessage("issue", issueId));
  const [sessions, own] = await Promise.all([
    prisma.session.findMany({
      where: { issueId },
      orderBy: { number: "asc" },
      select: {
        id: true,
        title: true,
        agent: true,
        parentSessionId: true,
        createdAt: true,
        executions: { orderBy: [{ createdAt: "desc" }, { id: "desc" }], select: { status: true } },
      },
    }),
    prisma.execution.findUnique({ where: { id: caller.executionId }, select: { managedSessionId: true } }),
  ]);
  const rows = treeOrder(sessions).map(({ session: s, depth }) => ({
    session: s.id,
    title: s.title,
    agent: s.agent,
    forkedFrom: s.parentSessionId,
    depth,
    turns: s.executions.length,
    latestStatus: s.executions[0]?.status ?? null,
    date: s.createdAt.toISOString(),
    yours: s.id === own?.managedSessionId,
  }));
  if (rows.length === 0) return toolAnswer(`${issue.id} "${issue.title}" has no sessions yet.`, { issue: issue.id, sessions: [] });
  const lines = rows.map(
    (r) =>
      `${"  ".repeat(r.depth)}- ${r.session} "${oneLine(r.title, 80)}" — ${r.agent}, ${r.turns} turn${r.turns === 1 ? "" : "s"}, ${r.latestStatus ?? "no turns"}${r.forkedFrom ? `, forked from ${r.forkedFrom}` : ""}${r.yours ? " (this session)" : ""}`,
  );
  return toolAnswer([`Sessions of ${issue.id} "${issue.title}", as its tree:`, ...lines].join("\n"), { issue: issue.id, sessions: rows });
}

/** Depth-first, forks under the session they came from (a fork of a session on another issue is a root here). */
function treeOrder<T extends { id: string; parentSessionId: string | null }>(sessions: T[]): Array<{ session: T; depth: number }> {
  const ids = new Set(sessions.map((s) => s.id));
  const children = new Map<string | null, T[]>();
  for (const s of sessions) {
    const key = s.parentSessionId && ids.has(s.parentSessionId) ? s.parentSessionId : null;
    children.set(key, [...(children.get(key) ?? []), s]);
  }
  const out: Array<{ session: T; depth: number }> = [];
  const visit = (key: string | null, depth: number) => {
    for (const s of children.get(key) ?? []) {
      out.push({ session: s, depth });
      visit(s.id, depth + 1);
    }
  };
  visit(null, 0);
  return out;
}
