import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import { type ProbeOutputs, readCachedProbe, writeCachedProbe } from "@/server/agents/cli-probe-cache";
import type { CliCapabilities } from "@/server/agents/types";
import { parseHelpText } from "@/server/agents/parse-help-text";
import { parseVersion } from "@/server/agents/version";
import { inheritedEnv } from "@/server/config/load-config";

// Asks an installed CLI what it supports (`--help` and `--version`) so Arbor
// only passes flags the binary lists. Runs once per binary file: the cache key
// is the file's real path plus its mtime and size, so upgrading the CLI in
// place is noticed on the next launch without re-probing on every launch.
// With a `cacheDir`, what the CLI printed is also kept on disk, for the next
// start and the other processes (cli-probe-cache.ts).

export type ProbeResult = { ok: true; capabilities: CliCapabilities } | { ok: false; message: string };

const PROBE_TIMEOUT_MS = 15_000;
const DEFAULT_HELP: ReadonlyArray<readonly string[]> = [["--help"]];
const cache = new Map<string, Promise<ProbeResult>>();

export interface ProbeOptions {
  env?: Readonly<Record<string, string | undefined>>;
  /** The help invocations to run (argv after the binary); default [["--help"]]. See AgentDefinition.helpCommands. */
  helpCommands?: ReadonlyArray<readonly string[]>;
  /** Where probes are kept across restarts (cliProbeCacheDir); memory only without it. */
  cacheDir?: string;
}

export async function probeCli(binaryPath: string, options: ProbeOptions = {}): Promise<ProbeResult> {
  const helpCommands = options.helpCommands?.length ? options.helpCommands : DEFAULT_HELP;
  let key: string;
  try {
    const realPath = await fs.realpath(binaryPath);
    const stats = await fs.stat(realPath);
    key = `${realPath}\0${stats.mtimeMs}\0${stats.size}\0${JSON.stringify(helpCommands)}`;
  } catch (error) {
    return { ok: false, message: `Cannot read ${binaryPath}: ${(error as Error).message}` };
  }
  let pending = cache.get(key);
  if (!pending) {
    pending = probeOnce(binaryPath, helpCommands, options.env, options.cacheDir, key);
    cache.set(key, pending);
    // Only successes are worth remembering; a failure may be transient.
    void pending.then((result) => {
      if (!result.ok) cache.delete(key);
    });
  }
  return pending;
}

/** Forget every probe (tests that swap binaries in place). */
export function clearCliProbeCache(): void {
  cache.clear();
}

/** A help that fails or lists nothing is asked once more after this long: a CLI starved of CPU (a busy machine) has printed a partial help. */
const RETRY_AFTER_MS = 500;
/** How much of an unusable help a failure message quotes. */
const QUOTED_CHARS = 300;

async function probeOnce(
  binaryPath: string,
  helpCommands: ReadonlyArray<readonly string[]>,
  env: Readonly<Record<string, string | undefined>> | undefined,
  cacheDir: string | undefined,
  key: string,
): Promise<ProbeResult> {
  const cached = cacheDir ? await readCachedProbe(cacheDir, key) : null;
  if (cached && cached.helps.length === helpCommands.length) {
    const result = interpret(binaryPath, helpCommands, cached, null);
    if (result.ok) return result;
  }
  const { outputs, failure } = await askCli(binaryPath, helpCommands, env);
  const result = interpret(binaryPath, helpCommands, outputs, failure);
  // Only successes are kept, as in memory: a failure may be transient.
  if (result.ok && cacheDir) await writeCachedProbe(cacheDir, key, outputs);
  return result;
}

/** `--version` and each help command's output (null where it failed); the first help asked twice if it failed or listed nothing. */
async function askCli(
  binaryPath: string,
  helpCommands: ReadonlyArray<readonly string[]>,
  env: Readonly<Record<string, string | undefined>> | undefined,
): Promise<{ outputs: ProbeOutputs; failure: string | null }> {
  const [version, ...helps] = await Promise.all([run(binaryPath, ["--version"], env), ...helpCommands.map((args) => run(binaryPath, args, env))]);
  if (!helps[0].ok || parseHelpText(helps[0].output).flags.size === 0) {
    await new Promise((resolve) => setTimeout(resolve, RETRY_AFTER_MS));
    helps[0] = await run(binaryPath, helpCommands[0], env);
  }
  return {
    outputs: { version: version.ok ? version.output : null, helps: helps.map((help) => (help.ok ? help.output : null)) },
    failure: helps[0].ok ? null : helps[0].message,
  };
}

/** What the outputs say the CLI supports; `failure`: why the first help failed, when it did. */
function interpret(binaryPath: string, helpCommands: ReadonlyArray<readonly string[]>, outputs: ProbeOutputs, failure: string | null): ProbeResult {
  const shown = `\`${[binaryPath, ...helpCommands[0]].join(" ")}\``;
  const main = outputs.helps[0];
  if (main === null) return { ok: false, message: `${shown} failed: ${failure ?? "no output"}` };
  const options = parseHelpText(main);
  if (options.flags.size === 0) {
    const printed = main.trim();
    const quoted = printed.length > QUOTED_CHARS ? `${printed.slice(0, QUOTED_CHARS)}…` : printed;
    return { ok: false, message: `${shown} listed no options (asked twice); it printed ${quoted ? JSON.stringify(quoted) : "nothing"}` };
  }
  // A subcommand whose help fails is one this version does not have.
  const commands = new Map<string, { flags: ReadonlySet<string>; choices: ReadonlyMap<string, readonly string[]> }>();
  outputs.helps.forEach((help, index) => {
    if (help === null) return;
    const path = helpCommands[index].filter((arg) => !arg.startsWith("-")).join(" ");
    commands.set(path, parseHelpText(help));
  });
  return {
    ok: true,
    capabilities: {
      binaryPath,
      version: outputs.version === null ? null : parseVersion(outputs.version),
      flags: options.flags,
      choices: options.choices,
      commands,
    },
  };
}

function run(
  file: string,
  args: readonly string[],
  env: Readonly<Record<string, string | undefined>> | undefined,
): Promise<{ ok: true; output: string } | { ok: false; message: string }> {
  return new Promise((resolve) => {
    execFile(
      file,
      [...args],
      { env: (env ?? inheritedEnv()) as NodeJS.ProcessEnv, timeout: PROBE_TIMEOUT_MS, maxBuffer: 4 * 1024 * 1024, windowsHide: true },
      (error, stdout, stderr) => {
        if (error) resolve({ ok: false, message: error.message });
        else resolve({ ok: true, output: `${stdout}\n${stderr}` });
      },
    );
  });
}
