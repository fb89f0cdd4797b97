import type { CliCapabilities, LaunchFailure, LaunchMode } from "@/server/agents/types";

// What every launch builder needs besides its own argv: failures worded the
// same way, the probe's options of a given subcommand, a check that each flag
// it is about to send is one the installed CLI lists, session ids that can
// never pass for an option, the person's model as the CLI's own option, and
// the operator's extra options (from the agents file) taking precedence over
// the driver's own defaults.

/** Session ids Arbor passes are UUIDs (lib/ids.ts: one definition). */
export { UUID } from "@/lib/ids";

export function unsupported(message: string, missingFlags?: string[]): LaunchFailure {
  return { ok: false, code: "agent_unsupported", message, ...(missingFlags ? { missingFlags } : {}) };
}

export function misconfigured(message: string): LaunchFailure {
  return { ok: false, code: "agent_misconfigured", message };
}

export function invalidLaunch(message: string): LaunchFailure {
  return { ok: false, code: "invalid_launch", message };
}

/** The options the probe found for a subcommand path ("" = the first help the agent asked for). */
export function optionsOf(capabilities: CliCapabilities, command = ""): { flags: ReadonlySet<string>; choices: ReadonlyMap<string, readonly string[]> } | null {
  if (command === "") return capabilities;
  return capabilities.commands?.get(command) ?? null;
}

/**
 * Fails unless the CLI lists every flag (under `command`). `who` names the CLI
 * in the message ("This Codex").
 */
export function requireFlags(capabilities: CliCapabilities, needed: readonly string[], who: string, command = ""): LaunchFailure | null {
  const options = optionsOf(capabilities, command);
  if (!options) return unsupported(`${who} has no \`${command}\` command (its help failed)`);
  const missing = [...new Set(needed)].filter((flag) => !options.flags.has(flag));
  if (missing.length === 0) return null;
  const where = command ? ` \`${command}\`` : "";
  return unsupported(`${who} does not list ${missing.join(", ")} in${where} --help`, missing);
}

/** Fails when `value` is not one of the choices the CLI lists for `flag` (no list: anything goes). */
export function requireChoice(capabilities: CliCapabilities, flag: string, value: string, who: string, command = ""): LaunchFailure | null {
  const allowed = optionsOf(capabilities, command)?.choices.get(flag);
  if (!allowed || allowed.includes(value)) return null;
  return misconfigured(`${flag} "${value}" is not one ${who} accepts (${allowed.join(", ")})`);
}

/**
 * A model name Arbor passes (as lib/executions/schema.ts accepts them: "sonnet",
 * "gpt-5.5", "anthropic/claude-sonnet-4-5"): one argv element that can never
 * pass for an option, whatever reached the builder.
 */
export const MODEL_NAME = /^[A-Za-z0-9][A-Za-z0-9._:/@+-]{0,119}$/;

/**
 * The person's model for a run (LaunchRequest.model, issue 26) as `[flag, model]`,
 * or why it cannot be passed: not a model name, a CLI whose help (under
 * `command`) lacks `flag` (an older version), or one whose help lists the
 * flag's choices without it. No model: no options, the CLI's default applies.
 */
export function modelArgs(model: string | undefined, flag: string, capabilities: CliCapabilities, who: string, command = ""): string[] | LaunchFailure {
  if (model === undefined) return [];
  if (!MODEL_NAME.test(model)) return invalidLaunch(`model must be a model name such as sonnet or gpt-5.5 (got "${model}")`);
  const options = optionsOf(capabilities, command);
  const where = command ? ` \`${command}\`` : "";
  if (!options?.flags.has(flag)) return unsupported(`${who} cannot choose a model: its${where} --help does not list ${flag}`, [flag]);
  const allowed = options.choices.get(flag);
  if (allowed && !allowed.includes(model)) return invalidLaunch(`${who} has no model "${model}" (its ${flag} takes ${allowed.join(", ")})`);
  return [flag, model];
}

/**
 * The agents file's options minus its own model option (any of `flags`, its
 * value next or glued with "="), when the person chose a model for the run:
 * the run's choice wins over the operator's default, and a CLI may refuse
 * the option twice (Codex: "cannot be used multiple times").
 */
export function withoutModelOption(extraArgs: readonly string[], flags: readonly string[], model: string | undefined): string[] {
  if (model === undefined) return [...extraArgs];
  const kept: string[] = [];
  for (let i = 0; i < extraArgs.length; i++) {
    const arg = extraArgs[i];
    if (flags.includes(arg)) i++;
    else if (!flags.some((flag) => arg.startsWith(`${flag}=`))) kept.push(arg);
  }
  return kept;
}

/** The session ids a mode carries, by field name. */
export function idsOf(mode: LaunchMode): Array<[string, string | null | undefined]> {
  switch (mode.kind) {
    case "new":
      return [["sessionId", mode.sessionId]];
    case "continue":
      return [["sessionId", mode.sessionId]];
    case "fork":
      return [
        ["fromSessionId", mode.fromSessionId],
        ["newSessionId", mode.newSessionId],
        ["atMessageId", mode.atMessageId],
      ];
    case "continue-latest":
      return [];
  }
}

/**
 * Fails on the first id that does not match `pattern`. Checking ids this
 * strictly also guarantees none can be mistaken for an option.
 */
export function requireIds(mode: LaunchMode, pattern: RegExp, what: string): LaunchFailure | null {
  for (const [name, value] of idsOf(mode)) {
    if (value !== undefined && value !== null && !pattern.test(value)) return invalidLaunch(`${name} must be ${what} (got "${value}")`);
  }
  return null;
}

/**
 * A mode's session options in the convention most CLIs share (Claude Code's):
 * `--session-id <id>` names a new session, `--resume <id>` continues one,
 * `latest` (default `--continue`) continues the most recent. Forks differ per
 * CLI and are the caller's. Each flag used is added to `needed`.
 */
export function sessionOptions(
  mode: Exclude<LaunchMode, { kind: "fork" }>,
  needed: string[],
  latest: readonly string[] = ["--continue"],
): { args: string[]; expectedSessionId: string | null } {
  switch (mode.kind) {
    case "new":
      if (!mode.sessionId) return { args: [], expectedSessionId: null };
      needed.push("--session-id");
      return { args: ["--session-id", mode.sessionId], expectedSessionId: mode.sessionId };
    case "continue":
      needed.push("--resume");
      return { args: ["--resume", mode.sessionId], expectedSessionId: mode.sessionId };
    case "continue-latest":
      needed.push(latest[0]);
      return { args: [...latest], expectedSessionId: null };
  }
}

/** The flag name of an argument ("--sandbox" of "--sandbox=x"), or null for a value. */
function flagName(arg: string): string | null {
  if (!arg.startsWith("-") || arg === "-" || arg === "--") return null;
  return arg.split("=")[0];
}

/**
 * The driver's default options, minus every group whose flag the operator
 * also gave (theirs wins), followed by the operator's. `defaults` are groups
 * such as ["--approval-mode", "auto_edit"]; `alsoOverriddenBy` lists other
 * flags that replace a group (Codex: --dangerously-bypass-approvals-and-sandbox
 * replaces -s).
 */
export function withExtraArgs(
  defaults: ReadonlyArray<{ args: readonly string[]; alsoOverriddenBy?: readonly string[] }>,
  extraArgs: readonly string[] = [],
): string[] {
  const given = new Set(extraArgs.map(flagName).filter((name): name is string => name !== null));
  const kept = defaults.filter((group) => ![...group.args.map(flagName), ...(group.alsoOverriddenBy ?? [])].some((name) => name !== null && given.has(name)));
  return [...kept.flatMap((group) => group.args), ...extraArgs];
}

/** Fails when an extra option from the agents file is not one the CLI lists (a typo would otherwise fail every run). */
export function requireExtraArgsListed(capabilities: CliCapabilities, extraArgs: readonly string[] = [], who: string, command = ""): LaunchFailure | null {
  const options = optionsOf(capabilities, command);
  const unknown = extraArgs.map(flagName).filter((name): name is string => name !== null && !(options?.flags.has(name) ?? false));
  if (unknown.length === 0) return null;
  return misconfigured(`The agents file gives ${who} options its --help does not list: ${[...new Set(unknown)].join(", ")}`);
}
