import path from "node:path";
import type { LaunchContext, LaunchRequest, LaunchResult } from "@/server/agents/types";
import { mapAiderPermissions } from "@/server/agents/aider/aider-permissions";
import {
  invalidLaunch,
  modelArgs,
  requireExtraArgsListed,
  requireFlags,
  unsupported,
  UUID,
  withExtraArgs,
  withoutModelOption,
} from "@/server/agents/launch-args";

// Builds one non-interactive aider run (strategy B: continue-latest in a
// per-session home). Pure.
//
//   aider --yes-always --no-pretty --no-stream --no-auto-commits
//         --chat-history-file <home>/.aider.chat.history.md --input-history-file <home>/.aider.input.history
//         [--restore-chat-history] [--model <model>] [extra…] --message=<prompt>
//
// NOT VERIFIED on these machines: aider is a Python package (PyPI
// aider-chat) and PyPI is unreachable here. The flags are from aider's
// documented options; the probe still gates every one of them.
// - aider has no session ids: its history is a markdown file, by default in
//   the repository root, and --restore-chat-history continues "the latest"
//   conversation, the one in that file. Arbor gives every session its own
//   home and points the history files into it, so "the latest" is that
//   session; Arbor's key (the LaunchMode's sessionId) names the home.
// - It auto-commits to git by default; Arbor's runs should leave committing
//   to the person (--no-auto-commits).
// - It prints plain text, no event stream: the exit code decides the outcome.
// - Under a permission policy (only `edits`, aider-permissions.ts) it gets
//   --no-detect-urls as well, when its help lists it.
// - The person's model (request.model) is --model (aider's -m is --message),
//   in place of the agents file's --model.

export function buildAiderLaunch(request: LaunchRequest, context: LaunchContext): LaunchResult {
  const capabilities = context.capabilities;
  if (!capabilities) return unsupported("aider's options are unknown (the CLI was not probed)");
  const mode = request.mode;
  if (mode.kind === "fork") return unsupported("aider cannot fork a conversation");
  if (mode.kind === "continue-latest") return unsupported("aider's sessions are continued by their Arbor session, not by 'latest'");
  if (!mode.sessionId || !UUID.test(mode.sessionId)) return invalidLaunch("An aider run needs the UUID of its Arbor session: it names the session's home");
  if (!context.homeDir) return invalidLaunch("An aider run needs its session's home directory (strategy B)");

  const policy = request.permissions ? mapAiderPermissions(request.permissions) : null;
  if (policy && !policy.ok) return policy;
  const model = modelArgs(request.model, "--model", capabilities, "This aider");
  if (!Array.isArray(model)) return model;
  const extra = withoutModelOption(context.extraArgs ?? [], ["--model"], request.model);
  const continuing = mode.kind === "continue";
  const needed = [
    "--yes-always",
    "--no-pretty",
    "--no-stream",
    "--no-auto-commits",
    "--chat-history-file",
    "--input-history-file",
    "--message",
    ...(continuing ? ["--restore-chat-history"] : []),
  ];
  const failed = [requireFlags(capabilities, needed, "This aider"), requireExtraArgsListed(capabilities, extra, "aider")].find((check) => check !== null);
  if (failed) return failed;
  const optional = (flag: string) => (capabilities.flags.has(flag) ? [{ args: [flag] }] : []);
  const options = withExtraArgs(
    [
      { args: ["--yes-always"] },
      { args: ["--no-pretty"] },
      { args: ["--no-stream"] },
      { args: ["--no-auto-commits"], alsoOverriddenBy: ["--auto-commits"] },
      ...optional("--no-check-update"),
      ...(policy ? optional("--no-detect-urls") : []),
      { args: ["--chat-history-file", path.join(context.homeDir, ".aider.chat.history.md")] },
      { args: ["--input-history-file", path.join(context.homeDir, ".aider.input.history")] },
      ...(continuing ? [{ args: ["--restore-chat-history"] }] : []),
      ...(model.length ? [{ args: model }] : []),
    ],
    extra,
  );
  return {
    ok: true,
    argv: [context.binaryPath, ...options, `--message=${request.prompt}`],
    env: {},
    expectedSessionId: null,
    arborSessionId: mode.sessionId,
    ...(policy?.notes.length ? { permissionNotes: policy.notes } : {}),
  };
}
