import "server-only";
import { parseNumstat } from "./parse-diff-output";
import { runGit } from "./run-git";

export type FileStat = { path: string; additions: number; deletions: number; binary: boolean };

/** Each file changed from one commit to another with its +/− lines (a pull request's body lists them). Only objects are read. */
export async function diffFiles(repo: string, from: string, to: string): Promise<FileStat[]> {
  if (from === to) return [];
  const out = await runGit(repo, ["diff", "--no-color", "--find-renames", "-z", "--numstat", "--end-of-options", from, to, "--"], {
    config: [["core.quotePath", "false"]],
    maxStdoutBytes: 16 * 1024 * 1024,
  });
  return parseNumstat(out.stdout);
}
