import fs from "node:fs/promises";
import path from "node:path";

// Finds the executable for an agent the way a shell would, without a shell:
// a value with a slash is a path (relative to the given cwd), a bare name is
// looked up on PATH. Not finding it is an expected outcome, returned as data.

export type ResolvedBinary = { ok: true; path: string } | { ok: false; message: string };

export async function resolveBinary(command: string, options: { env: Readonly<Record<string, string | undefined>>; cwd?: string }): Promise<ResolvedBinary> {
  if (command.trim() === "") return { ok: false, message: "No binary configured (empty name)" };
  if (command.includes("/") || command.includes(path.sep)) {
    const candidate = path.resolve(options.cwd ?? process.cwd(), command);
    return (await isExecutableFile(candidate))
      ? { ok: true, path: candidate }
      : { ok: false, message: `${candidate} does not exist or is not an executable file` };
  }
  const searchPath = options.env.PATH ?? "";
  for (const directory of searchPath.split(path.delimiter)) {
    if (!directory) continue;
    const candidate = path.resolve(options.cwd ?? process.cwd(), directory, command);
    if (await isExecutableFile(candidate)) return { ok: true, path: candidate };
  }
  return { ok: false, message: `"${command}" was not found on PATH` };
}

async function isExecutableFile(candidate: string): Promise<boolean> {
  try {
    const stats = await fs.stat(candidate);
    if (!stats.isFile()) return false;
    await fs.access(candidate, fs.constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
