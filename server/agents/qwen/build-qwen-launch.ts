import type { LaunchContext, LaunchRequest, LaunchResult } from "@/server/agents/types";
import { requireChoice, requireExtraArgsListed, requireFlags, requireIds, sessionOptions, unsupported, UUID, withExtraArgs } from "@/server/agents/launch-args";

// Builds the argv of one headless Qwen Code run. Pure.
//
//   qwen --output-format stream-json --approval-mode auto-edit
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

export const DEFAULT_QWEN_APPROVAL_MODE = "auto-edit";
const WHO = "This Qwen Code";

export function buildQwenLaunch(request: LaunchRequest, context: LaunchContext): LaunchResult {
  const capabilities = context.capabilities;
  if (!capabilities) return unsupported("Qwen Code's options are unknown (the CLI was not probed)");
  const invalid = requireIds(request.mode, UUID, "a UUID");
  if (invalid) return invalid;

  const mode = request.mode;
  const needed = ["--output-format", "--approval-mode", "--prompt"];
  let session: { args: string[]; expectedSessionId: string | null };
  if (mode.kind === "fork") {
    if (mode.atMessageId) return unsupported("Qwen Code cannot fork at a given message, only a whole session");
    if (mode.newSessionId) return unsupported("Qwen Code cannot be told the id of a forked session (--session-id does not combine with --resume)");
    needed.push("--resume", "--fork-session");
    session = { args: ["--resume", mode.fromSessionId, "--fork-session"], expectedSessionId: null };
  } else {
    session = sessionOptions(mode, needed);
  }
  const extra = context.extraArgs ?? [];
  const failed = [
    requireFlags(capabilities, needed, WHO),
    requireChoice(capabilities, "--output-format", "stream-json", WHO),
    requireChoice(capabilities, "--approval-mode", DEFAULT_QWEN_APPROVAL_MODE, WHO),
    requireExtraArgsListed(capabilities, extra, "Qwen Code"),
  ].find((check) => check !== null);
  if (failed) return failed;
  const options = withExtraArgs(
    [{ args: ["--output-format", "stream-json"] }, { args: ["--approval-mode", DEFAULT_QWEN_APPROVAL_MODE], alsoOverriddenBy: ["--yolo", "-y"] }],
    extra,
  );
  return {
    ok: true,
    argv: [context.binaryPath, ...options, ...session.args, `--prompt=${request.prompt}`],
    env: {},
    expectedSessionId: session.expectedSessionId,
  };
}
