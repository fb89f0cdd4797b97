import type { LaunchContext, LaunchRequest, LaunchResult } from "@/server/agents/types";
import {
  invalidLaunch,
  misconfigured,
  modelArgs,
  requireChoice,
  requireExtraArgsListed,
  requireFlags,
  requireIds,
  unsupported,
  withExtraArgs,
  withoutModelOption,
} from "@/server/agents/launch-args";
import { opencodeMcp } from "@/server/agents/opencode/opencode-mcp";
import { mapOpencodePermissions } from "@/server/agents/opencode/opencode-permissions";
import { policyFlagsInExtraArgs } from "@/server/agents/permission-mapping";

// Builds one non-interactive opencode run. Pure.
//
//   opencode run --format json [--dir <cwd>] [--model <provider>/<model>] [--session <id> [--fork] | --continue] [extra…]
//   stdin: the prompt, then EOF
//
// Verified against opencode 1.18.33 (offline, Chat-Completions stand-in):
// - The prompt goes on stdin: a positional prompt is re-quoted ("say hi"
//   reached the model with its quotes), and `run` reads stdin to EOF anyway.
// - opencode takes its project directory from $PWD, not from the process's
//   cwd: without --dir (and PWD) a file in the workspace counted as an
//   "external directory" and the write was auto-rejected.
// - --session <id> continues (same id); --session <id> --fork copies the
//   history into a new session (new id in the stream). No flag names a new
//   session, and a session is bound to its directory: a resume from another
//   cwd hung after the turn, so follow-ups must run in the session's cwd.
// - Session ids look like ses_dfa0b02cdffe9mfJT3YFDBg61i.
// - A permission policy (request.permissions) becomes OPENCODE_PERMISSION and
//   --auto (opencode-permissions.ts); without one, opencode's own defaults
//   apply, as before policies.
// - Arbor's MCP server (request.mcp) reaches it as config (opencode-mcp.ts):
//   OPENCODE_CONFIG names a file of Arbor's, the token in ARBOR_MCP_TOKEN.
// - The person's model (request.model) is --model provider/model (opencode
//   names models by provider), for new, continued and forked sessions alike;
//   it wins over the config's `model` and the agents file's -m.

export const OPENCODE_SESSION_ID = /^ses_[A-Za-z0-9]+$/;
/** provider/model: the provider's id, then the model's (which may hold more slashes: openrouter/anthropic/claude-…). */
const OPENCODE_MODEL = /^[^/]+\/.+$/;
const WHO = "This opencode";

export function buildOpencodeLaunch(request: LaunchRequest, context: LaunchContext): LaunchResult {
  const capabilities = context.capabilities;
  if (!capabilities) return unsupported("opencode's options are unknown (the CLI was not probed)");
  const invalid = requireIds(request.mode, OPENCODE_SESSION_ID, "an opencode session id (ses_…)");
  if (invalid) return invalid;
  const mode = request.mode;
  if (mode.kind === "new" && mode.sessionId) return unsupported("opencode cannot be told the id of a new session (it reports its own)");
  if (mode.kind === "fork" && (mode.newSessionId || mode.atMessageId)) return unsupported("opencode forks a whole session into one it names itself");

  const mcp = opencodeMcp(request.mcp, context);
  const policy = request.permissions ? mapOpencodePermissions(request.permissions, { arborTools: mcp !== null }) : null;
  if (policy && !policy.ok) return policy;
  if (request.model !== undefined && !OPENCODE_MODEL.test(request.model)) {
    return invalidLaunch(`opencode names a model by its provider: provider/model, such as anthropic/claude-sonnet-4-5 (got "${request.model}")`);
  }
  const model = modelArgs(request.model, "--model", capabilities, WHO);
  if (!Array.isArray(model)) return model;
  const extra = withoutModelOption(context.extraArgs ?? [], ["--model", "-m"], request.model);
  const needed = ["--format", ...(policy?.args ?? [])];
  const defaults = [{ args: ["--format", "json"] }, ...(policy?.args ?? []).map((flag) => ({ args: [flag] }))];
  if (context.cwd) {
    needed.push("--dir");
    defaults.push({ args: ["--dir", context.cwd] });
  }
  if (model.length) defaults.push({ args: model });
  const session: string[] = [];
  let expectedSessionId: string | null = null;
  if (mode.kind === "continue") {
    needed.push("--session");
    session.push("--session", mode.sessionId);
    expectedSessionId = mode.sessionId;
  } else if (mode.kind === "fork") {
    needed.push("--session", "--fork");
    session.push("--session", mode.fromSessionId, "--fork");
  } else if (mode.kind === "continue-latest") {
    needed.push("--continue");
    session.push("--continue");
  }
  const failed = [
    requireFlags(capabilities, needed, WHO),
    requireChoice(capabilities, "--format", "json", WHO),
    requireExtraArgsListed(capabilities, extra, "opencode"),
    policy ? policyFlagsInExtraArgs(extra, ["--auto", "--dangerously-skip-permissions"], "opencode") : null,
    // The agents file's env comes after the plan's: a policy must not be replaced behind its back.
    policy && context.env.OPENCODE_PERMISSION !== undefined
      ? misconfigured(
          "OPENCODE_PERMISSION is set for opencode, and Arbor's permission policy sets it for every run: unset it (or remove it from the agents file)",
        )
      : null,
  ].find((check) => check !== null);
  if (failed) return failed;
  return {
    ok: true,
    argv: [context.binaryPath, "run", ...withExtraArgs(defaults, extra), ...session],
    // PWD is what opencode reads its directory from; self-updates mid-run are never wanted.
    env: { ...(context.cwd ? { PWD: context.cwd } : {}), OPENCODE_DISABLE_AUTOUPDATE: "1", ...(policy?.env ?? {}), ...(mcp?.env ?? {}) },
    expectedSessionId,
    stdin: request.prompt,
    ...(mcp?.files.length ? { files: mcp.files } : {}),
    ...(policy?.notes.length ? { permissionNotes: policy.notes } : {}),
  };
}
