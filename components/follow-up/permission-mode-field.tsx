"use client";

import { describedBy, Field, Select } from "@/components/ui/field";
import type { AgentStatus } from "@/lib/agents/schema";
import { PERMISSION_MODE_SENTENCES } from "@/lib/permissions/mode-descriptions";
import type { PermissionPolicy } from "@/lib/permissions/schema";
import { PERMISSION_MODE_LABELS, type PermissionMode } from "@/lib/permissions/constants";

// "What the agent may do" on the run form and the follow-up form: the modes
// the chosen agent can honour, preselected with what the server would use
// without being told (the project's mode, else the agent's default: the rule
// of server/permissions/resolve-permissions.ts). The request carries
// `permissions: { mode }` only when the person picked another one, so the
// project's setting stays in charge otherwise.

type AgentPermissions = NonNullable<AgentStatus["permissions"]>;

/** The mode a turn runs under when the request names none, and a note when it differs from the project's; mode null: it would be refused. */
export function defaultRunMode(
  agentName: string,
  agent: AgentPermissions,
  project: PermissionPolicy | null,
): { mode: PermissionMode | null; note: string | null } {
  const wanted = project?.mode ?? agent.defaultMode;
  if (agent.modes.includes(wanted)) return { mode: wanted, note: null };
  if (project && wanted === "ask" && agent.modes.includes("edits")) {
    return { mode: "edits", note: `This project asks to be asked, but ${agentName} cannot ask you: it edits files only, the rest is refused.` };
  }
  return { mode: null, note: `${agentName} cannot run in this project's “${PERMISSION_MODE_LABELS[wanted]}” mode: choose one it can.` };
}

/** The mode to send with the request: only one the person chose and the agent can honour (else the server decides). */
export function chosenRunMode(chosen: PermissionMode | null, agent: AgentPermissions | null | undefined): PermissionMode | null {
  return chosen && agent?.modes.includes(chosen) ? chosen : null;
}

export function PermissionModeField({
  id,
  agentName,
  agent,
  project,
  chosen,
  onChoose,
  error,
}: {
  id: string;
  agentName: string;
  /** The chosen agent's permissions (GET /api/agents); undefined while loading, null when it honours no policy. */
  agent: AgentPermissions | null | undefined;
  /** The policy of the project the turn runs in (the default workspace's too). */
  project: PermissionPolicy | null;
  /** The mode the person picked; null: left as it is. */
  chosen: PermissionMode | null;
  onChoose: (mode: PermissionMode | null) => void;
  error?: string;
}) {
  if (agent === null) {
    return (
      <p className="text-xs text-zinc-500 dark:text-zinc-400" data-slot="permission-mode">
        {agentName} runs as its driver always has: it takes no permission policy.
      </p>
    );
  }
  if (agent === undefined) return null;
  const fallback = defaultRunMode(agentName, agent, project);
  const mode = chosenRunMode(chosen, agent) ?? fallback.mode;
  const source = project ? "this project's setting" : `${agentName}'s default`;
  const picked = chosenRunMode(chosen, agent);
  const hint = fallback.note && !picked ? fallback.note : mode ? `${PERMISSION_MODE_SENTENCES[mode]} (${picked ? "this turn only" : source})` : undefined;
  return (
    <Field id={id} label="What the agent may do" hint={hint} error={error}>
      <Select
        id={id}
        value={mode ?? ""}
        aria-describedby={describedBy(id, { hint: Boolean(hint), error })}
        onChange={(e) => {
          const picked = e.target.value as PermissionMode | "";
          // Back to what the server would use anyway: nothing to send.
          onChoose(!picked || picked === fallback.mode ? null : picked);
        }}
        aria-invalid={error ? true : undefined}
      >
        {mode ? null : <option value="">Choose…</option>}
        {agent.modes.map((m) => (
          <option key={m} value={m}>
            {PERMISSION_MODE_LABELS[m]}
            {m === fallback.mode ? ` (${project ? "project's" : "default"})` : ""}
          </option>
        ))}
      </Select>
    </Field>
  );
}
