import { z } from "zod";
import { PERMISSION_MODES } from "@/lib/permissions/constants";

// What `GET /api/agents` answers (server/agents/list-agents.ts), shared by the
// UI (the run form's agent picker, which actions an execution offers) and the CLI.

/**
 * What an agent can do with conversation sessions. An agent lists the ones it
 * has; an empty list means it has no sessions at all (every run stands alone),
 * so Arbor offers neither Continue nor Fork for it.
 * - assign-id-at-launch: Arbor picks the id of a new session (Claude: --session-id).
 * - assign-id-at-fork: Arbor picks the id of a fork too (Claude: --fork-session --session-id).
 * - resume-by-id: continue a known session (Claude: --resume <id>).
 * - fork: copy a session into a new one and continue there (Claude: --fork-session).
 * - fork-at-message: fork from a given earlier message (Claude: --resume-session-at).
 * - continue-latest: continue the most recent session of the cwd (Claude: --continue).
 */
export const SESSION_CAPABILITIES = ["assign-id-at-launch", "assign-id-at-fork", "resume-by-id", "fork", "fork-at-message", "continue-latest"] as const;
export type SessionCapability = (typeof SESSION_CAPABILITIES)[number];

/**
 * How a session stays addressable (seed 002):
 * - "by-id" (strategy A): the CLI has session ids; Arbor assigns one at launch
 *   where the CLI lets it, otherwise records the one the stream reports, and
 *   resumes by id.
 * - "latest-in-home" (strategy B): the CLI only continues "the latest"
 *   conversation; each Arbor session gets its own config home, so the latest
 *   there is that session. Arbor's key (LaunchMode's sessionId) names it.
 * - "none": every run stands alone.
 */
export const SESSION_STRATEGIES = ["by-id", "latest-in-home", "none"] as const;
export type SessionStrategy = (typeof SESSION_STRATEGIES)[number];

// ---- Responses ----------------------------------------------------------
// (No request carries an agent's description: it is what the server answers.)

export const agentVerificationSchema = z.union([
  z.object({ status: z.literal("verified"), version: z.string() }),
  z.object({ status: z.literal("not-verified"), reason: z.string() }),
]);
export type AgentVerification = z.infer<typeof agentVerificationSchema>;

export const agentStatusSchema = z.object({
  id: z.string(),
  displayName: z.string(),
  source: z.enum(["built-in", "agents-file"]),
  /** The agents file changes this built-in (binary, options, env or home). */
  overridden: z.boolean(),
  binary: z.object({ envVar: z.string(), command: z.string().nullable(), path: z.string().nullable() }),
  installed: z.boolean(),
  /** The installed version, when the CLI says. */
  version: z.string().nullable(),
  /** Why it cannot run here (not installed, its help failed), or null. */
  problem: z.string().nullable(),
  sessions: z.object({ strategy: z.enum(SESSION_STRATEGIES), capabilities: z.array(z.enum(SESSION_CAPABILITIES)) }),
  /** What the driver was verified against; `installedMatches` compares with the installed version. */
  verification: z.intersection(agentVerificationSchema, z.object({ installedMatches: z.boolean().nullable() })).nullable(),
  /**
   * What it lacks to reach a model where its runs run (its key or config), as
   * the live runners report it (this server's environment when none is
   * live): `variable` to set, `message` "needs OPENAI_API_KEY (or …)". Null:
   * ready, or Arbor cannot tell (a custom agent). Never a value.
   */
  needs: z.object({ variable: z.string(), message: z.string() }).nullable(),
  /** Something a person choosing this agent should know (Gemini CLI: consumer sign-ins retired). */
  notice: z.string().nullable(),
  /** How it honours a permission policy; null: it honours none. */
  permissions: z
    .object({
      modes: z.array(z.enum(PERMISSION_MODES)),
      defaultMode: z.enum(PERMISSION_MODES),
      rules: z.enum(["native", "mapped", "none"]),
      /** It can ask a person live (mode `ask`). */
      asks: z.boolean(),
      note: z.string(),
    })
    .nullable(),
});
export type AgentStatus = z.infer<typeof agentStatusSchema>;

export const agentListSchema = z.object({
  agents: z.array(agentStatusSchema),
  /** The agents file consulted (whether or not it exists), or null. */
  agentsFile: z.string().nullable(),
  /** Problems with the agents file, each naming the field. */
  warnings: z.array(z.string()),
});
export type AgentList = z.infer<typeof agentListSchema>;
