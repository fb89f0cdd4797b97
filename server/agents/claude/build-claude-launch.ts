import type { CliCapabilities, LaunchContext, LaunchRequest, LaunchResult } from "@/server/agents/types";
import { requireIds, sessionOptions, unsupported, UUID } from "@/server/agents/launch-args";
import { isAtLeast } from "@/server/agents/version";

// Builds the argv of one non-interactive Claude Code run. Pure: the probe
// results and env come in as data.
//
//   claude -p --verbose --output-format stream-json --permission-mode <mode>
//          [--session-id <id> | --resume <id> | --continue
//           | --resume <id> --fork-session [--session-id <new>] [--resume-session-at <msg>]]
//          -- <prompt>
//   (streamInput: … --input-format stream-json --replay-user-messages [session options],
//    the prompt as the first user message on stdin: claude-stream-input.ts)
//
// Verified against Claude Code 2.1.330:
// - stream-json output with -p requires --verbose.
// - The prompt goes after "--": without it a prompt starting with "-" is read
//   as an option ("error: unknown option '-x hello'"), and variadic options such
//   as --allowed-tools would swallow it.
// - --session-id cannot reuse an existing id ("Error: Session ID <id> is
//   already in use.", exit 1) and with --resume needs --fork-session.
// - --resume keeps the session id; --resume --fork-session --session-id Y
//   continues the copy under Y and leaves the original transcript untouched.

/**
 * --resume-session-at is not listed in `--help`, so it is gated on the
 * version instead. 2.1.330 is the only version verified to branch at the
 * given assistant message (with --resume and --fork-session); older versions
 * may have it too, but that was not verified, so they are treated as lacking it.
 */
export const MIN_RESUME_SESSION_AT_VERSION = "2.1.330";

/**
 * Permission mode when ARBOR_CLAUDE_PERMISSION_MODE is unset. Verified as root
 * with -p on 2.1.330:
 * - bypassPermissions / --dangerously-skip-permissions: refused as root
 *   ("--dangerously-skip-permissions cannot be used with root/sudo privileges
 *   for security reasons", exit 1) unless IS_SANDBOX=1, and with it the agent
 *   could touch anything on the host. Not a safe default.
 * - default / dontAsk: every edit and most commands are denied in -p mode,
 *   so the agent cannot work.
 * - auto: needs a classifier service; offline, Bash is refused outright.
 * - acceptEdits: file edits and file-manipulating shell commands inside the
 *   workspace (cwd) run without prompting; anything that touches paths outside
 *   it, and arbitrary programs (node, git init, …), is denied (no prompt, no
 *   hang: the denial goes back to the model as a tool error).
 * acceptEdits is the safe default that lets an agent work on its workspace.
 * Operators who want more can set ARBOR_CLAUDE_PERMISSION_MODE (checked against
 * the choices the CLI lists) or give allow rules in Claude's own settings.
 */
export const DEFAULT_CLAUDE_PERMISSION_MODE = "acceptEdits";

export function buildClaudeLaunch(request: LaunchRequest, context: LaunchContext): LaunchResult {
  const capabilities = context.capabilities;
  if (!capabilities) {
    return unsupported("Claude Code's options are unknown (the CLI was not probed)");
  }
  // Claude requires UUIDs here; checking also guarantees no value can be mistaken for an option.
  const invalid = requireIds(request.mode, UUID, "a UUID");
  if (invalid) return invalid;

  const permissionMode = context.env.ARBOR_CLAUDE_PERMISSION_MODE?.trim() || DEFAULT_CLAUDE_PERMISSION_MODE;
  const allowedModes = capabilities.choices.get("--permission-mode");
  if (allowedModes && !allowedModes.includes(permissionMode)) {
    return {
      ok: false,
      code: "agent_misconfigured",
      message: `Permission mode "${permissionMode}" is not one this Claude Code accepts (${allowedModes.join(", ")})`,
    };
  }
  const outputFormats = capabilities.choices.get("--output-format");
  if (outputFormats && !outputFormats.includes("stream-json")) {
    return unsupported("This Claude Code cannot print stream-json");
  }

  const needed = ["-p", "--verbose", "--output-format", "--permission-mode"];
  const mode = request.mode;
  let sessionArgs: string[];
  let expectedSessionId: string | null = null;
  if (mode.kind !== "fork") {
    ({ args: sessionArgs, expectedSessionId } = sessionOptions(mode, needed));
  } else {
    needed.push("--resume", "--fork-session");
    sessionArgs = ["--resume", mode.fromSessionId, "--fork-session"];
    if (mode.newSessionId) {
      needed.push("--session-id");
      sessionArgs.push("--session-id", mode.newSessionId);
      expectedSessionId = mode.newSessionId;
    }
    if (mode.atMessageId) {
      if (!isAtLeast(capabilities.version, MIN_RESUME_SESSION_AT_VERSION)) {
        return unsupported(
          `Branching at a given message needs Claude Code ${MIN_RESUME_SESSION_AT_VERSION} or newer (found ${capabilities.version ?? "an unknown version"})`,
        );
      }
      sessionArgs.push("--resume-session-at", mode.atMessageId);
    }
  }

  const missing = needed.filter((flag) => !capabilities.flags.has(flag));
  if (missing.length > 0) {
    return { ...unsupported(`This Claude Code does not list ${missing.join(", ")} in --help`), missingFlags: missing };
  }

  const head = [context.binaryPath, "-p", "--verbose", "--output-format", "stream-json", "--permission-mode", permissionMode];
  if (request.streamInput && canStreamInput(capabilities)) {
    // The prompt is the first user message on stdin (claude-stream-input.ts), so the process can take more.
    return { ok: true, argv: [...head, ...STREAM_INPUT_ARGS, ...sessionArgs], env: {}, expectedSessionId, streamInput: { prompt: request.prompt } };
  }
  return { ok: true, argv: [...head, ...sessionArgs, "--", request.prompt], env: {}, expectedSessionId };
}

/** User messages as stream-json lines on stdin, each echoed back when taken (how a turn's message is told from a folded-in follow-up). */
const STREAM_INPUT_ARGS = ["--input-format", "stream-json", "--replay-user-messages"];

/** Whether this CLI lists what streaming input needs; otherwise launches keep the prompt in argv. */
export function canStreamInput(capabilities: CliCapabilities): boolean {
  const inputFormats = capabilities.choices.get("--input-format");
  return (
    capabilities.flags.has("--input-format") && (!inputFormats || inputFormats.includes("stream-json")) && capabilities.flags.has("--replay-user-messages")
  );
}
