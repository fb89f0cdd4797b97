import "server-only";
import { notFoundMessage, parseId } from "@/lib/ids";
import { notFound, ok, type Result } from "@/lib/result";
import type { ExecutionDto } from "@/lib/executions/schema";
import { prisma } from "@/server/db";
import type { Execution } from "@/server/generated/prisma/client";
import { toExecutionDto } from "@/server/executions/execution-dto";

export async function findIssueExecutionRows(rawIssueId: string): Promise<Result<Execution[]>> {
  const issueId = parseId("issue", rawIssueId);
  const issue = issueId ? await prisma.issue.findUnique({ where: { id: issueId }, select: { id: true } }) : null;
  if (!issue) return notFound(notFoundMessage("issue", rawIssueId));
  const rows = await prisma.execution.findMany({ where: { issueId: issue.id }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
  return ok(rows);
}

export async function listIssueExecutions(rawIssueId: string): Promise<Result<ExecutionDto[]>> {
  const rows = await findIssueExecutionRows(rawIssueId);
  if (!rows.ok) return rows;
  return ok(rows.value.map((row) => toExecutionDto(row)));
}
