import "server-only";
import { runGit } from "./run-git";

/**
 * Tracked files with changes not committed yet (staged or not), from `git
 * status`. Untracked files do not count: they are left alone, and an
 * operation that would overwrite one is refused by git itself.
 */
export async function uncommittedFiles(checkout: string, options: { timeoutMs?: number } = {}): Promise<string[]> {
  const out = await runGit(checkout, ["status", "--porcelain=v1", "-z", "--untracked-files=no", "--ignore-submodules=dirty"], {
    timeoutMs: options.timeoutMs,
    maxStdoutBytes: 64 * 1024 * 1024,
  });
  const fields = out.stdout.split("\0");
  const files: string[] = [];
  for (let i = 0; i < fields.length; i++) {
    const entry = fields[i]!;
    if (entry.length < 4) continue;
    files.push(entry.slice(3));
    // A rename or copy is followed by its old path.
    if (entry[0] === "R" || entry[0] === "C") i++;
  }
  return files;
}
