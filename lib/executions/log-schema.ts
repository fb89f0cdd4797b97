import { z } from "zod";
import type { LogEntry } from "@/lib/executions/log-entries";
import { isoDateSchema } from "@/lib/schemas/common";

// ---- Responses ----------------------------------------------------------
// All of this file: what the API returns (request schemas declare text with
// text(), lib/schemas/text.test.ts; these describe answers).

/** What an execution did, read from its log: the compare page's material (GET /api/executions/:id/summary). */
export const executionSummarySchema = z.object({
  executionId: z.string(),
  /** The last result line's text (the agent's final answer), if any. */
  finalAnswer: z.string().nullable(),
  finalIsError: z.boolean(),
  /** Tool name → number of calls, most used first. */
  tools: z.array(z.object({ tool: z.string(), count: z.number().int() })),
  /** Files the agent read, wrote or edited, in first-touch order. */
  files: z.array(z.object({ path: z.string(), actions: z.array(z.enum(["read", "write", "edit"])) })),
  /** Commands it ran (Bash), first 50. */
  commands: z.array(z.string()),
  errorCount: z.number().int(),
  entryCount: z.number().int(),
});
export type ExecutionSummary = z.infer<typeof executionSummarySchema>;

/** GET /api/executions/:id/events (JSON): a page of stored events with their normalized entries. */
export const executionEventPageSchema = z.object({
  events: z.array(
    z.object({
      seq: z.number().int(),
      stream: z.string(),
      kind: z.string(),
      createdAt: isoDateSchema,
      entries: z.array(z.custom<LogEntry>((v) => typeof v === "object" && v !== null && typeof (v as { type?: unknown }).type === "string")),
    }),
  ),
  nextAfter: z.number().int(),
  /** The seq the page starts after (what `after` was, or where `tail` put it). */
  after: z.number().int(),
});
export type ExecutionEventPage = z.infer<typeof executionEventPageSchema>;
