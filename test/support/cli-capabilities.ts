import fs from "node:fs";
import path from "node:path";
import { parseHelpText } from "@/server/agents/parse-help-text";
import type { CliCapabilities, LaunchContext } from "@/server/agents/types";

// Probe results built from help texts recorded from the real CLIs
// (server/agents/<id>/__fixtures__/help-*.txt), for launch-builder unit tests:
// what probeCli would return for that version, without running it.

const AGENTS_DIR = path.join(__dirname, "../../server/agents");

/**
 * `helps` maps a subcommand path ("" for the first help, "exec resume") to a
 * fixture file under server/agents/. The "" entry's options are `flags`.
 */
export function recordedCapabilities(binaryPath: string, version: string, helps: Record<string, string>): CliCapabilities {
  const commands = new Map(Object.entries(helps).map(([command, file]) => [command, parseHelpText(fs.readFileSync(path.join(AGENTS_DIR, file), "utf8"))]));
  const main = commands.get("") ?? [...commands.values()][0];
  return { binaryPath, version, flags: main.flags, choices: main.choices, commands };
}

/** A launch context for a recorded CLI; override any part. */
export function recordedContext(capabilities: CliCapabilities, overrides: Partial<LaunchContext> = {}): LaunchContext {
  return { binaryPath: capabilities.binaryPath, capabilities, env: {}, ...overrides };
}

/** The same capabilities without some flags (an older CLI), in every command. */
export function withoutFlags(capabilities: CliCapabilities, ...flags: string[]): CliCapabilities {
  const drop = (set: ReadonlySet<string>) => new Set([...set].filter((flag) => !flags.includes(flag)));
  return {
    ...capabilities,
    flags: drop(capabilities.flags),
    commands: new Map([...(capabilities.commands ?? new Map())].map(([name, options]) => [name, { ...options, flags: drop(options.flags) }])),
  };
}
