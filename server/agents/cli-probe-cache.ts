import { createHash } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";

// What a CLI printed when probed (`--version`, its help commands), kept on
// disk under the data directory so that a restart does not ask every CLI
// again: each start probed every agent twice, in the start script and in the
// web server (Gemini CLI's help alone ~1.5 s of CPU), while a person opened
// the first page, whose agents list then took ~7 s on 2 cores
// (docs/performance.md, "Start-up and footprint"). The raw outputs are
// kept, not what Arbor read from them, so a newer Arbor reads them anew. The
// key is the binary's identity (real path, mtime, size) and the commands
// asked, as for the in-memory cache (cli-probe.ts): an upgrade in place is a
// new key. Best effort: an entry that cannot be read or written is a probe.

const FORMAT = 1;

export type ProbeOutputs = { version: string | null; helps: (string | null)[] };

/** The probe cache of a data directory (`npm start` names one in ARBOR_DATA_DIR); none without one. */
export function cliProbeCacheDir(env: Readonly<Record<string, string | undefined>>): string | undefined {
  const dataDir = env.ARBOR_DATA_DIR?.trim();
  return dataDir ? path.resolve(/*turbopackIgnore: true*/ dataDir, "cache", "cli-probes") : undefined;
}

const entryPath = (dir: string, key: string) => path.join(dir, `${createHash("sha256").update(key).digest("hex").slice(0, 32)}.json`);

const isOutput = (value: unknown): value is string | null => value === null || typeof value === "string";

export async function readCachedProbe(dir: string, key: string): Promise<ProbeOutputs | null> {
  try {
    const entry = JSON.parse(await fs.readFile(entryPath(dir, key), "utf8")) as Record<string, unknown>;
    // The hash names the file; the stored key proves it is this binary's.
    if (entry.format !== FORMAT || entry.key !== key || !isOutput(entry.version) || !Array.isArray(entry.helps) || !entry.helps.every(isOutput)) return null;
    return { version: entry.version, helps: entry.helps };
  } catch {
    return null;
  }
}

export async function writeCachedProbe(dir: string, key: string, outputs: ProbeOutputs): Promise<void> {
  const file = entryPath(dir, key);
  const temporary = `${file}.${process.pid}.tmp`;
  try {
    await fs.mkdir(dir, { recursive: true });
    await fs.writeFile(temporary, JSON.stringify({ format: FORMAT, key, ...outputs }));
    await fs.rename(temporary, file); // whole or not at all, for a reader in another process
  } catch {
    await fs.rm(temporary, { force: true }).catch(() => {});
  }
}
