import path from "node:path";
import type { LaunchContext, LaunchRequest, LaunchResult } from "@/server/agents/types";
import { copilotMcp } from "@/server/agents/copilot/copilot-mcp";
import { mapCopilotPermissions } from "@/server/agents/copilot/copilot-permissions";
import {
  modelArgs,
  requireChoice,
  requireExtraArgsListed,
  requireFlags,
  requireIds,
  sessionOptions,
  unsupported,
  UUID,
  withExtraArgs,
  withoutModelOption,
} from "@/server/agents/launch-args";
import { policyFlagsInExtraArgs } from "@/server/agents/permission-mapping";

// Builds one non-interactive GitHub Copilot CLI run. Pure.
//
//   copilot --output-format json --allow-all-tools --no-ask-user --no-auto-update --disable-client-telemetry [--model <model>]
//           [--session-id <uuid> | --resume <uuid> | --continue]
//           [--usage-output-file <home>/usage-<run>.json] [extra…] --prompt=<prompt>
//
// Verified against Copilot CLI 1.0.102 (offline, bring-your-own-key against
// the Chat-Completions stand-in: COPILOT_PROVIDER_BASE_URL/_API_KEY, COPILOT_MODEL):
// - The session id appears only in the last line (`result`), so Arbor names
//   every new session itself with --session-id (strategy A) and knows it from
//   the start. (--session-id with an id that exists resumes it: ids must be fresh.)
// - --resume <uuid> continues with the whole history; there is no fork.
//   --resume also matches id prefixes and names, so only full UUIDs are passed.
// - Without a permission policy Arbor passes --allow-all-tools, as before
//   policies; a policy (request.permissions) passes its own options instead
//   (copilot-permissions.ts: --allow-tool write, or --allow-all).
//   --no-ask-user removes the tool that would wait for a person;
//   --no-auto-update keeps the installed version.
// - --disable-client-telemetry: without a GitHub login (a provider of one's
//   own, or GitHub out of reach) the CLI's metrics client re-checks the login
//   5–20 times a second for the whole run, forking its 270 MB process to run
//   an empty `gh` path each time, and waits ~1.5 s at exit for it to settle:
//   a one-line turn took 13–19 s and 30 CPU-s on 2 cores, ~2 s with the flag.
// - The prompt is glued to --prompt (a separate "-x" would be an option).
// - Token usage is not in the stream; --usage-output-file writes it (the
//   session's running total) when the run ends.
// - Copilot masks the provider key's text wherever it occurs in its output:
//   a short key mangles ordinary words ("exitCode" became "e******itCode" with key "x").
// - Arbor's MCP server (request.mcp): --additional-mcp-config @<file of
//   Arbor's>, the token in ARBOR_MCP_TOKEN (copilot-mcp.ts).
// - The person's model (request.model) is --model, for new and resumed
//   sessions; it wins over COPILOT_MODEL and the agents file's --model.

const WHO = "This Copilot CLI";

export function buildCopilotLaunch(request: LaunchRequest, context: LaunchContext): LaunchResult {
  const capabilities = context.capabilities;
  if (!capabilities) return unsupported("Copilot CLI's options are unknown (the CLI was not probed)");
  const invalid = requireIds(request.mode, UUID, "a UUID");
  if (invalid) return invalid;

  const mcp = copilotMcp(request.mcp, context);
  const policy = request.permissions ? mapCopilotPermissions(request.permissions, capabilities.flags, { arborTools: mcp !== null }) : null;
  if (policy && !policy.ok) return policy;
  const permissionArgs = policy?.args ?? ["--allow-all-tools"];
  const mode = request.mode;
  const needed = ["--output-format", "--prompt", ...permissionArgs.map((arg) => arg.split("=")[0])];
  if (mode.kind === "fork") return unsupported("Copilot CLI cannot fork a session");
  const session = sessionOptions(mode, needed);
  const usageFile = context.homeDir && context.runId ? path.join(context.homeDir, `usage-${context.runId}.json`) : undefined;
  if (usageFile) needed.push("--usage-output-file");

  const model = modelArgs(request.model, "--model", capabilities, WHO);
  if (!Array.isArray(model)) return model;
  const extra = withoutModelOption(context.extraArgs ?? [], ["--model"], request.model);
  const failed = [
    requireFlags(capabilities, needed, WHO),
    requireChoice(capabilities, "--output-format", "json", WHO),
    requireExtraArgsListed(capabilities, extra, "Copilot CLI"),
    policy ? policyFlagsInExtraArgs(extra, POLICY_FLAGS, "Copilot CLI") : null,
  ].find((check) => check !== null);
  if (failed) return failed;
  const optional = (flag: string) => (capabilities.flags.has(flag) ? [{ args: [flag] }] : []);
  const options = withExtraArgs(
    [
      { args: ["--output-format", "json"] },
      { args: permissionArgs, alsoOverriddenBy: ["--allow-all", "--yolo"] },
      ...optional("--no-ask-user"),
      ...optional("--no-auto-update"),
      ...optional("--disable-client-telemetry"),
      ...(model.length ? [{ args: model }] : []),
    ],
    extra,
  );
  return {
    ok: true,
    // Arbor's server beside the agents file's options, not overridden by them: both options may be repeated.
    argv: [
      context.binaryPath,
      ...options,
      ...(mcp?.args ?? []),
      ...session.args,
      ...(usageFile ? ["--usage-output-file", usageFile] : []),
      `--prompt=${request.prompt}`,
    ],
    env: mcp?.env ?? {},
    expectedSessionId: session.expectedSessionId,
    ...(mcp ? { files: mcp.files } : {}),
    ...(usageFile ? { usageFile } : {}),
    ...(policy?.notes.length ? { permissionNotes: policy.notes } : {}),
  };
}

/** Options the permission policy decides: the agents file may not set them under a policy. */
const POLICY_FLAGS = [
  "--allow-all-tools",
  "--allow-all",
  "--yolo",
  "--allow-all-paths",
  "--allow-all-urls",
  "--allow-tool",
  "--deny-tool",
  "--allow-url",
  "--deny-url",
  "--available-tools",
  "--excluded-tools",
];
