import { z } from "zod";
import { type ExecutionDto, executionSchema } from "@/lib/executions/execution-schema";
import { SESSION_TREE_EDGES, type SessionTreeEdge } from "@/lib/executions/types";

// ---- Responses ----------------------------------------------------------
// All of this file: what the API returns (request schemas declare text with
// text(), lib/schemas/text.test.ts; these describe answers).

/**
 * One node of an issue's session tree: an execution, the refs it read through
 * Arbor's MCP server (`consulted`, in the order first read), how it hangs
 * under its parent, and its children.
 */
export type SessionTreeNode = ExecutionDto & { consulted: string[]; edge: SessionTreeEdge; isHead: boolean; children: SessionTreeNode[] };
export const sessionTreeNodeSchema: z.ZodType<SessionTreeNode> = executionSchema.extend({
  consulted: z.array(z.string()),
  edge: z.enum(SESSION_TREE_EDGES),
  isHead: z.boolean(),
  children: z.array(z.lazy(() => sessionTreeNodeSchema)),
});

/** GET /api/issues/:id/session-tree */
export const sessionTreeResponseSchema = z.object({ roots: z.array(sessionTreeNodeSchema) });

/** GET /api/issues/:id/tree-summary: an issue's executions with the refs each consulted, flat, oldest first (the page builds the tree). */
export const issueTreeSummarySchema = z.object({ executions: z.array(executionSchema.extend({ consulted: z.array(z.string()) })) });
export type IssueTreeSummary = z.infer<typeof issueTreeSummarySchema>;
