import { z } from "zod";

// Request bodies for the executions API, shared by the UI, the CLI and the server.

const prompt = z
  .string({ error: "Prompt is required" })
  .trim()
  .min(1, "Prompt is required")
  .max(200_000, "Prompt is too long (200,000 characters at most)");

export const createExecutionSchema = z.object({
  issueId: z.string({ error: "issueId is required (e.g. ISSUE-1)" }).trim().min(1, "issueId is required (e.g. ISSUE-1)"),
  prompt,
  agent: z.string().trim().min(1).max(64).default("claude"),
  cwd: z.string().trim().min(1, "cwd must not be empty").max(4096).optional(),
});
export type CreateExecutionInput = z.input<typeof createExecutionSchema>;

/** Continue (the session's next turn) or Fork (a new session branched from it): one name from the UI to the tree edge. */
export const FOLLOW_UP_MODES = ["continue", "fork"] as const;
export type FollowUpMode = (typeof FOLLOW_UP_MODES)[number];

export const followUpSchema = z.object({ prompt });
export type FollowUpInput = z.input<typeof followUpSchema>;

export const startFreshSchema = z.object({ prompt: prompt.optional() });
