import { z } from "zod";
import { EXECUTION_STATUSES } from "@/lib/executions/types";
import { ISSUE_STATUSES } from "@/lib/issues/constants";
import { isoDateSchema, limitSchema, requestObject } from "@/lib/schemas/common";

// What agents did through Arbor's MCP server (server/mcp/), as people see it:
// what a run consulted and the calls it made (GET /api/executions/:id/mcp-calls),
// and which runs read a session (GET /api/sessions/:ref/consulted-by).

/** GET /api/executions/:id/mcp-calls?limit= and GET /api/sessions/:ref/consulted-by?limit= (default 100, at most 500). */
export const mcpListQuerySchema = requestObject({ limit: limitSchema });

// ---- Responses ----------------------------------------------------------

/** One call an agent made to Arbor's MCP server. */
export const mcpCallSchema = z.object({
  id: z.string(),
  tool: z.string(),
  /** The arguments as the agent sent them (long strings cut at 2,000 characters). */
  arguments: z.record(z.string(), z.unknown()),
  /** Characters of the answer the agent got back (its error message when isError). */
  resultChars: z.number().int(),
  isError: z.boolean(),
  /** The refs the answer showed the agent in full ("SESS-3", "ISSUE-9"). */
  consulted: z.array(z.string()),
  durationMs: z.number().int(),
  createdAt: isoDateSchema,
});
export type McpCall = z.infer<typeof mcpCallSchema>;

/** An issue a run raised with `create_issue`. */
export const raisedIssueSchema = z.object({ id: z.string(), title: z.string(), status: z.enum(ISSUE_STATUSES), createdAt: isoDateSchema });

/** A ref a run cited with `cite`: the issue it works on now cites `targetId`. */
export const agentCitationSchema = z.object({ sourceId: z.string(), targetId: z.string(), note: z.string().nullable(), createdAt: isoDateSchema });

/** GET /api/executions/:id/mcp-calls */
export const executionMcpActivitySchema = z.object({
  executionId: z.string(),
  /** Every ref its calls read, each once, in the order first read (over all its calls, not only those listed). */
  consulted: z.array(z.string()),
  /** Its calls, oldest first, at most `limit`. */
  calls: z.array(mcpCallSchema),
  /** How many calls it made in all. */
  callCount: z.number().int(),
  raisedIssues: z.array(raisedIssueSchema),
  citations: z.array(agentCitationSchema),
});
export type ExecutionMcpActivity = z.infer<typeof executionMcpActivitySchema>;

/** A run that read a session through Arbor's MCP server. */
export const sessionConsulterSchema = z.object({
  executionId: z.string(),
  /** The session the reading run is a turn of (null until its session id was captured). */
  sessionId: z.string().nullable(),
  issueId: z.string(),
  issueTitle: z.string(),
  agent: z.string(),
  status: z.enum(EXECUTION_STATUSES),
  /** How many of its calls read the session. */
  reads: z.number().int(),
  lastReadAt: isoDateSchema,
});
export type SessionConsulter = z.infer<typeof sessionConsulterSchema>;

/** GET /api/sessions/:ref/consulted-by: the runs that read it, the latest reader first, at most `limit`. */
export const sessionConsultersSchema = z.object({ sessionId: z.string(), items: z.array(sessionConsulterSchema), total: z.number().int() });
export type SessionConsulters = z.infer<typeof sessionConsultersSchema>;
