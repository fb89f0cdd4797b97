import type { LaunchContext, LaunchRequest, LaunchResult } from "@/server/agents/types";
import { mapCommandPermissions } from "@/server/agents/command/command-permissions";

// The plain-command agent runs `ARBOR_COMMAND_BIN ...ARBOR_COMMAND_ARGS <prompt>`:
// the prompt is the last argv element, passed verbatim (no "--" is added: the
// command's own conventions are unknown, so put "--" in ARBOR_COMMAND_ARGS if
// it needs one). It has no sessions, so only new runs can be launched.
// A permission policy can only be `trusted` (command-permissions.ts).

export function buildCommandLaunch(request: LaunchRequest, context: LaunchContext): LaunchResult {
  if (request.mode.kind !== "new") {
    return {
      ok: false,
      code: "agent_unsupported",
      message: "The command agent has no sessions: it can only start new runs (no Continue or Fork)",
    };
  }
  // It takes no model (no AgentDefinition.model): a run naming one is refused before it is queued, so reaching here is a bug.
  if (request.model !== undefined) {
    return { ok: false, code: "agent_unsupported", message: "The command agent takes no model: its command line is ARBOR_COMMAND_ARGS alone" };
  }
  const policy = request.permissions ? mapCommandPermissions(request.permissions) : null;
  if (policy && !policy.ok) return policy;
  const args = parseArgs(context.env.ARBOR_COMMAND_ARGS);
  if (!args.ok) return { ok: false, code: "agent_misconfigured", message: args.message };
  return {
    ok: true,
    argv: [context.binaryPath, ...args.value, request.prompt],
    env: {},
    expectedSessionId: null,
    ...(policy?.notes.length ? { permissionNotes: policy.notes } : {}),
  };
}

function parseArgs(raw: string | undefined): { ok: true; value: string[] } | { ok: false; message: string } {
  if (raw === undefined || raw.trim() === "") return { ok: true, value: [] };
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return { ok: false, message: "ARBOR_COMMAND_ARGS must be a JSON array of strings (it is not valid JSON)" };
  }
  if (!Array.isArray(value) || !value.every((item) => typeof item === "string")) {
    return { ok: false, message: "ARBOR_COMMAND_ARGS must be a JSON array of strings" };
  }
  return { ok: true, value };
}
