import "server-only";
import { createIssueSchema } from "@/lib/issues/schema";
import { createIssue } from "@/server/issues/create-issue";
import { validate } from "@/server/http/validation";
import type { McpCaller } from "@/server/mcp/authenticate-mcp-request";
import { toolAnswer, toolError, type ToolAnswer } from "@/server/mcp/tool-answer";

// create_issue { title, body, specId? }: a new open issue in the calling run's
// project (the default workspace's when it has none), linked back to the
// execution that raised it. Validated as the API validates a new issue.

export async function createIssueForAgent(input: { title: string; body: string; specId?: string }, caller: McpCaller): Promise<ToolAnswer> {
  const data = validate(createIssueSchema, { title: input.title, body: input.body, specId: input.specId ?? null, projectId: caller.projectId });
  if (!data.ok) return toolError(data.error.message);
  const created = await createIssue(data.value, { raisedByExecutionId: caller.executionId });
  if (!created.ok) return toolError(created.error.message);
  const issue = created.value;
  return toolAnswer(
    `Created ${issue.id} "${issue.title}"${issue.specId ? ` under ${issue.specId}` : ""}${issue.projectId ? ` in ${issue.projectId}` : ""}, raised by this run. Cite it as [[${issue.id}]].`,
    { id: issue.id, title: issue.title, specId: issue.specId, projectId: issue.projectId, raisedByExecutionId: caller.executionId },
  );
}
