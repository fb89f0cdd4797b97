import type { LaunchContext, LaunchFailure, LaunchRequest, LaunchResult } from "@/server/agents/types";
import { geminiMcp } from "@/server/agents/gemini/gemini-mcp";
import { arborOnlyPolicyFile, mapGeminiPermissions } from "@/server/agents/gemini/gemini-permissions";
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

// Builds the argv of one headless Gemini CLI run. Pure.
//
//   gemini -o stream-json --skip-trust --approval-mode auto_edit [--model <model>]
//          [--session-id <uuid> | --resume <uuid> | --resume latest | --session-file <transcript>]
//          [extra…] --prompt=<prompt>
//
// Verified against Gemini CLI 0.61.0 (offline, Gemini-API stand-in):
// - The prompt is glued to its option (--prompt=…): yargs would read a prompt
//   such as "-x" as an option, and a positional prompt means interactive mode.
// - Without --skip-trust an untrusted folder exits 55.
// - Headless, the default approval mode offers no tool that edits; auto_edit
//   offers write_file/replace but no shell (like Claude's acceptEdits). The
//   agents file may set --approval-mode (e.g. yolo) instead.
// - --session-id names a new session (an existing one: exit 42 "already
//   exists"); --resume <uuid> continues one, but only from the project (cwd)
//   it was made in; --resume, --session-id and --session-file exclude each other.
// - There is no fork flag: --session-file <a session's chats/*.jsonl> imports
//   a copy under a new id (the original is untouched), which is how Arbor
//   forks. The transcript is located by locateGeminiSession.
// - A permission policy (request.permissions) picks the approval mode and may
//   add --policy <file> (gemini-permissions.ts); without one, the argv is the
//   one Arbor ran before policies.
// - Arbor's MCP server (gemini-mcp.ts): the home's settings name it, the
//   environment carries its URL and the token, the --policy file allows its
//   tools (a file of their own when the run has no permission policy; an
//   agents file's own --policy then replaces it, and the tools are not offered).
// - The person's model (request.model) is --model, for new, resumed and
//   imported sessions alike; it wins over GEMINI_MODEL and the agents file's -m.

export const DEFAULT_GEMINI_APPROVAL_MODE = "auto_edit";
const WHO = "This Gemini CLI";

export function buildGeminiLaunch(request: LaunchRequest, context: LaunchContext): LaunchResult {
  const capabilities = context.capabilities;
  if (!capabilities) return unsupported("Gemini CLI's options are unknown (the CLI was not probed)");
  const invalid = requireIds(request.mode, UUID, "a UUID");
  if (invalid) return invalid;

  // The server is named in the isolated home: an inherited home (the agents file's home: "inherit") has no entry, so nothing is attached.
  const mcp = geminiMcp(request.mcp, capabilities.flags.has("--policy") && Boolean(context.homeDir));
  const policy = request.permissions
    ? mapGeminiPermissions(request.permissions, context.filesDir, mcp.allowTools)
    : arborPolicy(arborOnlyPolicyFile(mcp.allowTools, context.filesDir));
  if (policy && !policy.ok) return policy;
  const approvalMode = policy?.approvalMode ?? DEFAULT_GEMINI_APPROVAL_MODE;
  const model = modelArgs(request.model, "--model", capabilities, WHO);
  if (!Array.isArray(model)) return model;
  const extra = withoutModelOption(context.extraArgs ?? [], ["--model", "-m"], request.model);
  const options = withExtraArgs(
    [
      { args: ["-o", "stream-json"] },
      { args: ["--skip-trust"] },
      { args: ["--approval-mode", approvalMode], alsoOverriddenBy: ["--yolo", "-y"] },
      ...(policy?.policyFile ? [{ args: ["--policy", policy.policyFile.path] }] : []),
      ...(model.length ? [{ args: model }] : []),
    ],
    extra,
  );
  const needed = ["-o", "--skip-trust", "--approval-mode", "--prompt", ...(policy?.policyFile ? ["--policy"] : [])];
  const session = sessionArgs(request, context, needed);
  if ("ok" in session) return session;

  const failed = [
    requireFlags(capabilities, needed, WHO),
    requireChoice(capabilities, "--output-format", "stream-json", WHO),
    requireChoice(capabilities, "--approval-mode", approvalMode, WHO),
    requireExtraArgsListed(capabilities, extra, "Gemini CLI"),
    request.permissions ? policyFlagsInExtraArgs(extra, ["--approval-mode", "--yolo", "-y", "--policy", "--allowed-tools"], "Gemini CLI") : null,
  ].find((check) => check !== null);
  if (failed) return failed;
  return {
    ok: true,
    argv: [context.binaryPath, ...options, ...session.args, `--prompt=${request.prompt}`],
    env: mcp.env,
    expectedSessionId: session.expected,
    ...(policy?.policyFile ? { files: [policy.policyFile] } : {}),
    ...(policy?.notes.length ? { permissionNotes: policy.notes } : {}),
  };
}

/** Only the policy file for Arbor's tools (no permission policy): the approval mode stays the default, or the agents file's. */
function arborPolicy(file: ReturnType<typeof arborOnlyPolicyFile>) {
  if (file === null) return null;
  if ("ok" in file) return file;
  return { ok: true as const, approvalMode: undefined, policyFile: file, notes: [] as string[] };
}

function sessionArgs(request: LaunchRequest, context: LaunchContext, needed: string[]): { args: string[]; expected: string | null } | LaunchFailure {
  const mode = request.mode;
  if (mode.kind !== "fork") {
    const { args, expectedSessionId } = sessionOptions(mode, needed, ["--resume", "latest"]);
    return { args, expected: expectedSessionId };
  }
  if (mode.atMessageId) return unsupported("Gemini CLI cannot fork at a given message, only a whole session");
  if (mode.newSessionId) return unsupported("Gemini CLI cannot be told the id of a forked session (an imported session gets a new random id)");
  if (!context.forkSourceFile) {
    return { ok: false, code: "session_not_found", message: `Gemini CLI keeps no transcript of session ${mode.fromSessionId} in this home` };
  }
  needed.push("--session-file");
  return { args: ["--session-file", context.forkSourceFile], expected: null };
}
