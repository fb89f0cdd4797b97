import "server-only";
import { prisma } from "@/server/db";
import { nextId } from "@/server/ids/next-number";
import { syncReferences } from "@/server/references/sync-references";
import { ok, type Result } from "@/lib/result";
import type { CreateIssueData, Issue } from "@/lib/issues/schema";
import { issueInclude, toIssueDto } from "./issue-dto";
import { issueColumns, missingLink, vanishedLink } from "./issue-links";

/** `raisedByExecutionId`: an agent raised it with the MCP tool `create_issue` (server/mcp/tools/create-issue-for-agent.ts). */
export async function createIssue(input: CreateIssueData, origin: { raisedByExecutionId?: string } = {}): Promise<Result<Issue>> {
  try {
    return await prisma.$transaction(async (tx): Promise<Result<Issue>> => {
      const missing = await missingLink(tx, input);
      if (missing) return missing;
      const { id, number } = await nextId(tx, "issue");
      const row = await tx.issue.create({
        data: { id, number, ...issueColumns(input), raisedByExecutionId: origin.raisedByExecutionId ?? null },
        include: issueInclude,
      });
      await syncReferences(tx, { type: "issue", id }, input.body);
      return ok(toIssueDto(row));
    });
  } catch (error) {
    // The spec or project was deleted between our check and the insert.
    const vanished = await vanishedLink(error, input);
    if (vanished) return vanished;
    throw error;
  }
}
