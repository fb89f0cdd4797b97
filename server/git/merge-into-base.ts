import "server-only";
import { runGit } from "./run-git";

/**
 * The merge of a snapshot into the base branch's head, computed in git's
 * object store only (`git merge-tree --write-tree`, git 2.38+): no file,
 * index or ref is touched. `up_to_date`: the base branch already has every
 * change; `clean`: the tree the base branch would get; `conflicts`: the files.
 * `trust` "repository" lets the repository's own merge drivers run (Apply,
 * when the project allows it); a preview never does.
 */
export async function mergeIntoBase(
  repo: string,
  baseHead: string,
  snapshot: string,
  trust: "safe" | "repository",
): Promise<{ kind: "up_to_date" } | { kind: "clean"; tree: string } | { kind: "conflicts"; files: string[] }> {
  const merged = await runGit(repo, ["merge-tree", "--write-tree", "--name-only", "--no-messages", "-z", "--end-of-options", baseHead, snapshot], {
    trust,
    okExitCodes: [0, 1],
  });
  const [tree = "", ...rest] = merged.stdout.split("\0");
  if (merged.exitCode === 1) return { kind: "conflicts", files: [...new Set(rest.filter(Boolean))] };
  const baseTree = (await runGit(repo, ["rev-parse", "--verify", "--end-of-options", `${baseHead}^{tree}`])).stdout.trim();
  return tree === baseTree ? { kind: "up_to_date" } : { kind: "clean", tree };
}
