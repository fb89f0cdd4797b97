import { z } from "zod";
import { PERMISSION_MODES } from "@/lib/permissions/constants";
import { text } from "@/lib/schemas/text";
import { parseRule } from "./rules";

// The permission policy: one vocabulary for what an agent may do alone, set
// per project and per run (docs/topics/people-in-the-loop.md).
//
// - ask:     file edits inside the run's directory go ahead; anything else the
//            agent may not do alone waits for a person's decision (agents with
//            a live approval channel).
// - edits:   file edits inside the run's directory; everything else is refused
//            without asking.
// - plan:    the agent first proposes a plan; a person approves it (the turn
//            goes on under `ask`) or sends it back with a message.
// - trusted: everything allowed.
// `allow` / `deny` rules (lib/permissions/rules.ts) refine any mode; deny wins.

export const MAX_RULES = 100;

const ruleSchema = text({ error: "A rule must be text" }).superRefine((value, ctx) => {
  const parsed = parseRule(value);
  if (!parsed.ok) ctx.addIssue({ code: "custom", message: parsed.message });
});

const rulesSchema = z
  .array(ruleSchema, { error: "Rules must be a list of texts" })
  .max(MAX_RULES, `At most ${MAX_RULES} rules`)
  .transform((rules) => [...new Set(rules.map((r) => r.trim()))]);

/** A policy as a request gives it (project settings, or a run's override). */
export const permissionPolicySchema = z.strictObject(
  {
    mode: z.enum(PERMISSION_MODES, { error: `mode must be one of ${PERMISSION_MODES.join(", ")}` }),
    allow: rulesSchema.optional(),
    deny: rulesSchema.optional(),
  },
  { error: (iss) => (iss.code === "unrecognized_keys" ? `Unknown field${iss.keys.length > 1 ? "s" : ""}: ${iss.keys.join(", ")}` : undefined) },
);
export type PermissionPolicyInput = z.input<typeof permissionPolicySchema>;

// ---- Responses ----------------------------------------------------------

/** A policy in full, as stored and shown. */
export const permissionPolicyResponseSchema = z.object({
  mode: z.enum(PERMISSION_MODES),
  allow: z.array(z.string()),
  deny: z.array(z.string()),
});
export type PermissionPolicy = z.infer<typeof permissionPolicyResponseSchema>;

/**
 * What one turn runs under: the policy that decided it (the run's own, else
 * its project's, else the agent's default) plus the rules people added while
 * deciding approvals (scope "session" and "project"). Drivers map it to their
 * CLI's flags (server/agents/<agent>/).
 */
export type EffectivePermissions = PermissionPolicy & {
  /** Where the mode came from, for the run form, the execution page and `arbor show`. */
  source: "run" | "project" | "agent-default";
};
