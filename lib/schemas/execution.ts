import { z } from "zod";
import { requestObject } from "./common";
import { text } from "./text";

// Request bodies for the executions API, shared by the UI, the CLI and the server.

const prompt = text({ error: "Prompt is required" })
  .trim()
  .min(1, "Prompt is required")
  .max(200_000, "Prompt is too long (200,000 characters at most)");

export const createExecutionSchema = requestObject({
  issueId: text({ error: "issueId is required (e.g. ISSUE-1)" }).trim().min(1, "issueId is required (e.g. ISSUE-1)"),
  prompt,
  agent: text().trim().min(1).max(64).default("claude"),
  cwd: text().trim().min(1, "cwd must not be empty").max(4096).optional(),
});
export type CreateExecutionInput = z.input<typeof createExecutionSchema>;

/** Continue (the session's next turn) or Fork (a new session branched from it): one name from the UI to the tree edge. */
export const FOLLOW_UP_MODES = ["continue", "fork"] as const;
export type FollowUpMode = (typeof FOLLOW_UP_MODES)[number];

/** freshSession: start a new session carrying Arbor's transcript of the conversation instead of resuming the agent's. */
export const followUpSchema = requestObject({
  prompt,
  freshSession: z.boolean({ error: "freshSession must be true or false" }).optional(),
});
export type FollowUpInput = z.input<typeof followUpSchema>;

/** withConversation (default true): the new session's prompt carries Arbor's transcript of the conversation before the restarted turn. */
export const startFreshSchema = requestObject({
  prompt: prompt.optional(),
  withConversation: z.boolean({ error: "withConversation must be true or false" }).optional(),
});
export type StartFreshInput = z.input<typeof startFreshSchema>;
