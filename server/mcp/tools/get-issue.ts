import "server-only";
import { parseId } from "@/lib/ids";
import { prisma } from "@/server/db";
import { getIssue } from "@/server/issues/get-issue";
import { citedRefs, linksText } from "@/server/mcp/tools/cited-refs";
import { oneLine, toolAnswer, toolError, type ToolAnswer } from "@/server/mcp/tool-answer";

// get_issue { ref }: an issue's text, status, spec and project, what it cites
// (sessions included) and what cites it, and its sessions.

export async function getIssueForAgent(input: { ref: string }): Promise<ToolAnswer> {
  if (!parseId("issue", input.ref)) return toolError(`"${oneLine(input.ref, 40)}" is not an issue ref: use one like ISSUE-7`);
  const found = await getIssue(input.ref);
  if (!found.ok) return toolError(found.error.message);
  const issue = found.value;
  const [links, sessions] = await Promise.all([
    citedRefs({ type: "issue", id: issue.id }),
    prisma.session.findMany({ where: { issueId: issue.id }, select: { id: true, title: true }, orderBy: { number: "asc" } }),
  ]);
  const text = [
    `${issue.id} "${issue.title}" — ${issue.status}, ${issue.priority} priority${issue.spec ? `, under ${issue.spec.id} "${issue.spec.title}"` : ""}${issue.projectId ? `, in ${issue.projectId}` : ""}`,
    ...linksText(links),
    sessions.length ? `Sessions: ${sessions.map((s) => `${s.id} "${oneLine(s.title, 60)}"`).join(", ")}` : "No sessions yet.",
    "",
    issue.body || "(no text)",
  ].join("\n");
  const structured = {
    id: issue.id,
    title: issue.title,
    status: issue.status,
    priority: issue.priority,
    specId: issue.specId,
    projectId: issue.projectId,
    body: issue.body,
    ...links,
    sessions: sessions.map((s) => s.id),
  };
  return toolAnswer(text, structured, [issue.id]);
}
