import type { LaunchContext, LaunchRequest, LaunchResult } from "@/server/agents/types";
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
import { qwenMcp } from "@/server/agents/qwen/qwen-mcp";
import { mapQwenPermissions } from "@/server/agents/qwen/qwen-permissions";

// Builds the argv of one headless Qwen Code run. Pure.
//
//   qwen --output-format stream-json --approval-mode auto-edit [--model <model>]
//        [--session-id <uuid> | --resume <uuid> [--fork-session] | --continue] [extra…] --prompt=<prompt>
//
// Verified against Qwen Code 0.24.4 (offline, Chat-Completions stand-in, Node 20):
// - The prompt is glued to --prompt: yargs reads a separate "-x …" as an
//   option, and a positional prompt after "--" is ignored ("No input provided").
// - auto-edit offers the file tools but no shell, as Claude's acceptEdits.
// - --session-id names a new session (a taken one: "Session Id … already
//   exists"); it cannot be combined with --resume, so a fork gets an id
//   Qwen picks (--resume <id> --fork-session).
// - Sessions are scoped to the cwd they were made in.
// - With OPENAI_API_KEY/OPENAI_BASE_URL/OPENAI_MODEL in the environment it
//   picks the OpenAI-compatible auth by itself; other auth types go in the
//   agents file (--auth-type …).
// - A permission policy (request.permissions) picks the approval mode and
//   adds --allowed-tools / --exclude-tools (qwen-permissions.ts). Under `ask`
//   the prompt is not in the argv: --input-format stream-json keeps stdin
//   open for it (LaunchPlan.streamInput) and for the answers to Qwen's
//   questions (qwen-approvals.ts). Without a policy, the argv is the one
//   Arbor ran before policies.
// - Arbor's MCP server (qwen-mcp.ts): the home's settings name it, the
//   environment carries its URL and the token, --allowed-tools its tools.
// - The person's model (request.model) is --model, before the rule lists
//   (which take every value up to the next option); it wins over OPENAI_MODEL
//   and the agents file's -m, also under `ask` (stdin) launches.

export const DEFAULT_QWEN_APPROVAL_MODE = "auto-edit";
const WHO = "This Qwen Code";

export function buildQwenLaunch(request: LaunchRequest, context: LaunchContext): LaunchResult {
  const capabilities = context.capabilities;
  if (!capabilities) return unsupported("Qwen Code's options are unknown (the CLI was not probed)");
  const invalid = requireIds(request.mode, UUID, "a UUID");
  if (invalid) return invalid;

  const policy = request.permissions ? mapQwenPermissions(request.permissions) : null;
  if (policy && !policy.ok) return policy;
  // Asking needs stdin open for the whole run: only a launch that asked for it (the runner then drives qwenApprovals).
  if (policy?.streamInput && !request.streamInput)
    return unsupported("Qwen Code asks a person only over stdin: an `ask` run must be launched with its stdin kept open");
  const streamInput = policy?.streamInput === true;
  const approvalMode = policy?.approvalMode ?? DEFAULT_QWEN_APPROVAL_MODE;

  const mode = request.mode;
  const needed = ["--output-format", "--approval-mode", streamInput ? "--input-format" : "--prompt", ...(policy?.args ?? []).map((args) => args[0])];
  let session: { args: string[]; expectedSessionId: string | null };
  if (mode.kind === "fork") {
    if (mode.atMessageId) return unsupported("Qwen Code cannot fork at a given message, only a whole session");
    if (mode.newSessionId) return unsupported("Qwen Code cannot be told the id of a forked session (--session-id does not combine with --resume)");
    needed.push("--resume", "--fork-session");
    session = { args: ["--resume", mode.fromSessionId, "--fork-session"], expectedSessionId: null };
  } else {
    session = sessionOptions(mode, needed);
  }
  const model = modelArgs(request.model, "--model", capabilities, WHO);
  if (!Array.isArray(model)) return model;
  const extra = withoutModelOption(context.extraArgs ?? [], ["--model", "-m"], request.model);
  const failed = [
    requireFlags(capabilities, needed, WHO),
    requireChoice(capabilities, "--output-format", "stream-json", WHO),
    requireChoice(capabilities, "--approval-mode", approvalMode, WHO),
    streamInput ? requireChoice(capabilities, "--input-format", "stream-json", WHO) : null,
    requireExtraArgsListed(capabilities, extra, "Qwen Code"),
    policy ? policyFlagsInExtraArgs(extra, POLICY_FLAGS, "Qwen Code") : null,
  ].find((check) => check !== null);
  if (failed) return failed;
  const options = withExtraArgs(
    [
      ...(streamInput ? [{ args: ["--input-format", "stream-json"] }] : []),
      { args: ["--output-format", "stream-json"] },
      { args: ["--approval-mode", approvalMode], alsoOverriddenBy: ["--yolo", "-y"] },
      ...(model.length ? [{ args: model }] : []),
    ],
    extra,
  );
  // The server is named in the isolated home: an inherited home (the agents file's home: "inherit") has no entry, so nothing is attached.
  const mcp = qwenMcp(request.mcp, request.permissions, capabilities.flags.has("--allowed-tools") && Boolean(context.homeDir));
  // The rule lists take every value up to the next option, so they come last before the prompt.
  const rules = withAllowed(policy?.args ?? [], mcp.allowedTools).flat();
  const notes = policy?.notes.length ? { permissionNotes: policy.notes } : {};
  if (streamInput) {
    return {
      ok: true,
      argv: [context.binaryPath, ...options, ...session.args, ...rules],
      env: mcp.env,
      expectedSessionId: session.expectedSessionId,
      streamInput: { prompt: request.prompt },
      ...notes,
    };
  }
  return {
    ok: true,
    argv: [context.binaryPath, ...options, ...session.args, ...rules, `--prompt=${request.prompt}`],
    env: mcp.env,
    expectedSessionId: session.expectedSessionId,
    ...notes,
  };
}

/** Options the permission policy decides: the agents file may not set them under a policy. */
const POLICY_FLAGS = ["--approval-mode", "--yolo", "-y", "--allowed-tools", "--exclude-tools", "--core-tools", "--input-format"];

/** The policy's option lists with `tools` added to its --allowed-tools (one list: each takes every value up to the next option). */
function withAllowed(args: string[][], tools: string[]): string[][] {
  if (tools.length === 0) return args;
  const at = args.findIndex((list) => list[0] === "--allowed-tools");
  if (at < 0) return [["--allowed-tools", ...tools], ...args];
  return args.map((list, i) => (i === at ? [...list, ...tools] : list));
}
