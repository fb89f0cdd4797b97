import "server-only";
import { parseNumstat } from "./parse-diff-output";
import { runGit } from "./run-git";

export interface DiffStat {
  files: number;
  additions: number;
  deletions: number;
}

/**
 * How much changed from one commit to another: files, lines added and
 * deleted (binary files count as a file with no lines). The counts only,
 * without the patch: cheap enough to take with every snapshot. `repo` is the
 * project's main checkout: only objects are read.
 */
export async function diffStat(repo: string, from: string, to: string): Promise<DiffStat> {
  if (from === to) return { files: 0, additions: 0, deletions: 0 };
  const out = await runGit(repo, ["diff", "--no-color", "--find-renames", "-z", "--numstat", "--end-of-options", from, to, "--"], {
    config: [["core.quotePath", "false"]],
    maxStdoutBytes: 16 * 1024 * 1024,
  });
  const entries = parseNumstat(out.stdout);
  return {
    files: entries.length,
    additions: entries.reduce((n, e) => n + e.additions, 0),
    deletions: entries.reduce((n, e) => n + e.deletions, 0),
  };
}
