import type { CliCapabilities, LaunchContext, LaunchRequest, LaunchResult } from "@/server/agents/types";
import { modelArgs, requireIds, sessionOptions, unsupported, UUID } from "@/server/agents/launch-args";
import { isAtLeast } from "@/server/agents/version";
import { claudeMcpArgs } from "@/server/agents/claude/claude-mcp";
import { claudePermissionArgs } from "@/server/agents/claude/claude-permissions";

// Builds the argv of one non-interactive Claude Code run. Pure: the probe
// results and env come in as data.
//
//   claude -p --verbose --output-format stream-json [--model <model>] --permission-mode <mode>
//          [--permission-prompt-tool stdio] [--allowedTools <rule>]… [--disallowedTools <rule>]…
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
// - --model applies to new, resumed and forked sessions alike (a resume may
//   switch models); it goes before the variadic rule lists, which would take it as a rule.

/**
 * --resume-session-at is not listed in `--help`, so it is gated on the
 * version instead. 2.1.330 is the only version verified to branch at the
 * given assistant message (with --resume and --fork-session); older versions
 * may have it too, but that was not verified, so they are treated as lacking it.
 */
export const MIN_RESUME_SESSION_AT_VERSION = "2.1.330";

export function buildClaudeLaunch(request: LaunchRequest, context: LaunchContext): LaunchResult {
  const capabilities = context.capabilities;
  if (!capabilities) {
    return unsupported("Claude Code's options are unknown (the CLI was not probed)");
  }
  // Claude requires UUIDs here; checking also guarantees no value can be mistaken for an option.
  const invalid = requireIds(request.mode, UUID, "a UUID");
  if (invalid) return invalid;

  // The policy's flags (claude-permissions.ts); asking a person needs the process's stdin.
  const streamInput = request.streamInput === true && canStreamInput(capabilities);
  const permissionArgs = claudePermissionArgs(request.permissions, capabilities, streamInput);
  if (!permissionArgs.ok) return permissionArgs;
  const outputFormats = capabilities.choices.get("--output-format");
  if (outputFormats && !outputFormats.includes("stream-json")) {
    return unsupported("This Claude Code cannot print stream-json");
  }

  // The person's model (issue 26); a warm process keeps it for every turn it serves.
  const model = modelArgs(request.model, "--model", capabilities, "This Claude Code");
  if (!Array.isArray(model)) return model;

  const needed = ["-p", "--verbose", "--output-format", ...permissionArgs.needed];
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

  // Arbor's MCP server (claude-mcp.ts): the file names the server, the environment carries the token.
  const mcp = capabilities.flags.has("--mcp-config") && capabilities.flags.has("--allowedTools") ? claudeMcpArgs(request.mcp, context) : null;
  const head = [context.binaryPath, "-p", "--verbose", "--output-format", "stream-json", ...model, ...permissionArgs.args, ...(mcp?.args ?? [])];
  const notes = permissionArgs.notes.length ? { permissionNotes: permissionArgs.notes } : {};
  const extras = mcp ? { files: mcp.files } : {};
  const env = mcp?.env ?? {};
  if (streamInput) {
    // The prompt is the first user message on stdin (claude-stream-input.ts), so the process can take more.
    // The text as it is written (stream_event lines, stored as text_draft entries), when asked for.
    const partial = request.partialMessages && capabilities.flags.has("--include-partial-messages") ? ["--include-partial-messages"] : [];
    return {
      ok: true,
      argv: [...head, ...STREAM_INPUT_ARGS, ...partial, ...sessionArgs],
      env,
      expectedSessionId,
      streamInput: { prompt: request.prompt },
      ...notes,
      ...extras,
    };
  }
  return { ok: true, argv: [...head, ...sessionArgs, "--", request.prompt], env, expectedSessionId, ...notes, ...extras };
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
