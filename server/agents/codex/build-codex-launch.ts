import type { LaunchContext, LaunchRequest, LaunchResult } from "@/server/agents/types";
import { codexMcpArgs } from "@/server/agents/codex/codex-mcp";
import { mapCodexPermissions } from "@/server/agents/codex/codex-permissions";
import {
  modelArgs,
  requireChoice,
  requireExtraArgsListed,
  requireFlags,
  requireIds,
  unsupported,
  UUID,
  withExtraArgs,
  withoutModelOption,
} from "@/server/agents/launch-args";
import { policyFlagsInExtraArgs } from "@/server/agents/permission-mapping";

// Builds the argv of one non-interactive Codex run. Pure.
//
//   codex exec --json --skip-git-repo-check -s workspace-write [--model <model>] [-c provider…] [-c mcp_servers.arbor…] [extra…]
//         [resume <id> | resume --last | fork <id>] -- <prompt>
//
// Verified against Codex 0.169.0 (offline, Responses-API stand-in):
// - `exec` reads stdin to EOF before it starts: the runner must give it a
//   closed stdin (it does: stdio "ignore").
// - Outside a git repository it refuses to run without --skip-git-repo-check,
//   and Arbor's workspaces need not be repositories.
// - The default sandbox is read-only; workspace-write lets the agent edit its
//   workspace (as Claude's acceptEdits does). Options placed before the
//   `resume`/`fork` subcommand apply to it (those subcommands have no -s).
// - "--" ends the options, so a prompt such as "-x" stays the prompt.
// - `resume <id>` keeps the thread id; `fork <id>` starts a new thread holding
//   the parent's history (the parent's rollout must stay: the fork refers to it).
//   No flag names a new thread, so ids are always Codex's own.
// - `resume <name>` with a name that matches no thread silently starts a new
//   thread: only UUIDs (the ids thread.started reports) are ever passed here,
//   and a run that reports another id than the one resumed is treated as
//   "session not found" (see session-mismatch.ts).
// - OPENAI_BASE_URL is ignored; a base URL needs a custom model provider.
//   ARBOR_CODEX_BASE_URL adds one through -c overrides (wire_api "responses",
//   key from OPENAI_API_KEY), which also skips the WebSocket attempts the
//   built-in provider makes first.
// - A permission policy (request.permissions) decides the sandbox and which
//   tools Codex has (codex-permissions.ts); without one, the argv is the one
//   Arbor ran before policies (workspace-write, shell included).
// - Arbor's MCP server (request.mcp) comes as -c overrides, its token in the
//   environment (codex-mcp.ts).
// - The person's model (request.model) is exec's --model, before the
//   subcommand like the other options, so a resume or fork may switch models;
//   it replaces an -m/--model of the agents file (Codex refuses it twice).

export const DEFAULT_CODEX_SANDBOX = "workspace-write";
const WHO = "This Codex";

export function buildCodexLaunch(request: LaunchRequest, context: LaunchContext): LaunchResult {
  const capabilities = context.capabilities;
  if (!capabilities) return unsupported("Codex's options are unknown (the CLI was not probed)");
  const invalid = requireIds(request.mode, UUID, "a Codex thread id (a UUID)");
  if (invalid) return invalid;
  if (request.mode.kind === "fork" && request.mode.atMessageId) return unsupported("Codex cannot fork at a given message, only at the end of a thread");
  if (request.mode.kind === "fork" && request.mode.newSessionId) return unsupported("Codex cannot be told the id of a forked thread (it reports its own)");
  if (request.mode.kind === "new" && request.mode.sessionId) return unsupported("Codex cannot be told the id of a new thread (it reports its own)");

  const policy = request.permissions ? mapCodexPermissions(request.permissions) : null;
  if (policy && !policy.ok) return policy;
  const sandbox = policy?.sandbox ?? DEFAULT_CODEX_SANDBOX;
  const model = modelArgs(request.model, "--model", capabilities, WHO, "exec");
  if (!Array.isArray(model)) return model;
  const extra = withoutModelOption(context.extraArgs ?? [], ["--model", "-m"], request.model);
  const mcp = codexMcpArgs(request.mcp, policy?.mcpDenied);
  const isOverride = (args: string[]) => args[0] === "-c";
  const defaults = withExtraArgs(
    [
      { args: ["--json"] },
      { args: ["--skip-git-repo-check"] },
      { args: ["-s", sandbox], alsoOverriddenBy: ["--sandbox", "--dangerously-bypass-approvals-and-sandbox"] },
      ...(model.length ? [{ args: model }] : []),
      ...(policy?.args ?? []).filter((args) => !isOverride(args)).map((args) => ({ args })),
    ],
    extra,
  ).slice(0, -extra.length || undefined);
  // -c overrides are kept whatever the agents file gives: withExtraArgs would
  // drop them all for any `-c` of its own (web_search="disabled" of the policy,
  // the provider). Theirs come after, so theirs win for the same key.
  const overrides = [...(policy?.args ?? []).filter(isOverride).flat(), ...providerArgs(context.env.ARBOR_CODEX_BASE_URL)];
  const options = [...defaults, ...overrides, ...extra];
  const checks = [
    requireFlags(capabilities, ["--json", "--skip-git-repo-check", "-s", "-c", ...(policy?.args ?? []).map((args) => args[0])], WHO, "exec"),
    requireChoice(capabilities, "--sandbox", sandbox, WHO, "exec"),
    requireExtraArgsListed(capabilities, extra, "Codex", "exec"),
    policy ? policyFlagsInExtraArgs(extra, POLICY_FLAGS, "Codex") : null,
  ];

  const mode = request.mode;
  let subcommand: string[] = [];
  let expectedSessionId: string | null = null;
  switch (mode.kind) {
    case "new":
      break;
    case "continue":
      checks.push(requireFlags(capabilities, ["--json"], WHO, "exec resume"));
      subcommand = ["resume", mode.sessionId];
      expectedSessionId = mode.sessionId;
      break;
    case "continue-latest":
      checks.push(requireFlags(capabilities, ["--last"], WHO, "exec resume"));
      subcommand = ["resume", "--last"];
      break;
    case "fork":
      checks.push(requireFlags(capabilities, ["--json"], WHO, "exec fork"));
      subcommand = ["fork", mode.fromSessionId];
      break;
  }
  const failed = checks.find((check) => check !== null);
  if (failed) return failed;
  return {
    ok: true,
    // Not among the defaults above: a `-c` in the agents file would drop them as "overridden".
    argv: [context.binaryPath, "exec", ...options, ...(mcp?.args ?? []), ...subcommand, "--", request.prompt],
    env: mcp?.env ?? {},
    expectedSessionId,
    ...(policy?.notes.length ? { permissionNotes: policy.notes } : {}),
  };
}

/** Options the permission policy decides: the agents file may not set them under a policy. */
const POLICY_FLAGS = ["-s", "--sandbox", "--dangerously-bypass-approvals-and-sandbox", "--full-auto", "--disable", "--enable", "-a", "--ask-for-approval"];

/** -c overrides for a custom provider at ARBOR_CODEX_BASE_URL (none when unset). */
function providerArgs(baseUrl: string | undefined): string[] {
  const url = baseUrl?.trim();
  if (!url) return [];
  // -c values are TOML; a JSON string is a valid TOML basic string.
  const set = (key: string, value: string) => ["-c", `${key}=${JSON.stringify(value)}`];
  return [
    ...set("model_provider", "arbor"),
    ...set("model_providers.arbor.name", "Arbor-configured provider"),
    ...set("model_providers.arbor.base_url", url),
    ...set("model_providers.arbor.env_key", "OPENAI_API_KEY"),
    ...set("model_providers.arbor.wire_api", "responses"),
  ];
}
