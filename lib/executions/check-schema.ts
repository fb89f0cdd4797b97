import { z } from "zod";
import { isoDateSchema } from "@/lib/schemas/common";

// ---- Responses ----------------------------------------------------------
// All of this file: what the API returns (request schemas declare text with
// text(), lib/schemas/text.test.ts; these describe answers).

/** The project's check on a turn's snapshot (issue 25); "running" while it runs. */
export const CHECK_STATUSES = ["running", "passed", "failed", "timed_out", "error"] as const;
export type CheckStatus = (typeof CHECK_STATUSES)[number];

export const checkResultSchema = z.object({
  status: z.enum(CHECK_STATUSES),
  /** Null while running, when it timed out or could not start. */
  exitCode: z.number().int().nullable(),
  durationMs: z.number().nullable(),
  /** One line: "passed in 4.2 s", "failed (exit 1): 3 failing", "timed out after 600 s", why it could not run. */
  summary: z.string(),
  /** The command as the project had it then (a shell line, or the argv joined). */
  command: z.string(),
  /** The snapshot it checked. */
  snapshotSha: z.string().nullable(),
  /** The turn changed nothing: this is the result of the execution it came from, not a new run of the check. */
  reusedFromExecutionId: z.string().nullable(),
  startedAt: isoDateSchema,
});
export type CheckResult = z.infer<typeof checkResultSchema>;

/** GET /api/executions/:id/check: the result and the end of the output (the run it reused, when it reused one). */
export const executionCheckSchema = z.object({
  check: checkResultSchema.nullable(),
  output: z.array(z.object({ stream: z.enum(["stdout", "stderr"]), text: z.string() })),
  /** Lines before the ones returned (the page shows the end). */
  omittedLines: z.number().int(),
  /** Bytes of output beyond what is stored (a check that flooded its output). */
  droppedBytes: z.number().int(),
});
export type ExecutionCheck = z.infer<typeof executionCheckSchema>;
