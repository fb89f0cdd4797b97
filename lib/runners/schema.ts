import { z } from "zod";
import { isoDateSchema, listResponseSchema } from "@/lib/schemas/common";
import { text } from "@/lib/schemas/text";

// Runners (issue 24): the processes that take turns, listed with their load,
// and drained to retire a machine with nothing lost. Shared by the UI, the CLI
// and the server. Dates are ISO 8601 strings.

/** A runner's id as a path names it (`arbor runner drain <id>`, POST /api/runners/:id/drain). */
export const runnerIdSchema = text({ error: "The runner id must be text" })
  .trim()
  .min(1, "The runner id must not be empty")
  .max(200, "A runner id is at most 200 characters");

/**
 * active: takes turns. draining: asked to drain, finishing its running turns
 * and releasing its warm sessions. drained: holds nothing and takes nothing
 * (still up, idle). offline: stopped, or its heartbeat went silent.
 */
export const RUNNER_STATES = ["active", "draining", "drained", "offline"] as const;
export type RunnerState = (typeof RUNNER_STATES)[number];

// ---- Responses ----------------------------------------------------------

export const runnerSchema = z.object({
  id: z.string(),
  hostname: z.string(),
  pid: z.number().int(),
  /** Its heartbeat is recent and it did not stop. */
  alive: z.boolean(),
  state: z.enum(RUNNER_STATES),
  installedAgents: z.array(z.string()),
  /** Turns it runs at once (its slots); null: a runner from before it was recorded. */
  concurrency: z.number().int().nullable(),
  /** Turns running on it now. */
  running: z.number().int(),
  /** Jobs waiting for this runner alone (Continues and Forks of sessions it holds). */
  queued: z.number().int(),
  /** Agent processes it keeps warm for a session's next turn. */
  warmSessions: z.number().int(),
  /** Agent processes it started ahead of a project's next new run, waiting for one (pre-started agents). */
  prestarted: z.number().int(),
  /** Sessions whose latest turn ran on it and whose worktree is on its disk. */
  sessionsHeld: z.number().int(),
  startedAt: isoDateSchema,
  heartbeatAt: isoDateSchema,
  stoppedAt: isoDateSchema.nullable(),
  drainingAt: isoDateSchema.nullable(),
  drainedAt: isoDateSchema.nullable(),
});
export type RunnerDto = z.infer<typeof runnerSchema>;

/** GET /api/runners → 200 */
export const runnerListSchema = listResponseSchema(runnerSchema);
export type RunnerList = z.infer<typeof runnerListSchema>;

/** POST /api/runners/:id/drain → 200: the runner as it is now (draining, or drained already). */
export const drainResponseSchema = z.object({ runner: runnerSchema });
export type DrainResponse = z.infer<typeof drainResponseSchema>;
