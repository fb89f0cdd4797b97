import path from "node:path";

// How two real directories (absolute, symlinks resolved) relate: the rule
// behind "a run never writes into a registered project's main checkout" and
// "registered directories never nest". Pure.

export type DirectoryRelation = "same" | "inside" | "contains";

/** Whether `dir` is `root` or lies under it. */
export function isWithin(dir: string, root: string): boolean {
  if (dir === root) return true;
  return dir.startsWith(root.endsWith(path.sep) ? root : root + path.sep);
}

/** `dir` is the same directory as `other`, inside it, or contains it; null when neither holds the other. */
export function directoryRelation(dir: string, other: string): DirectoryRelation | null {
  if (dir === other) return "same";
  if (isWithin(dir, other)) return "inside";
  if (isWithin(other, dir)) return "contains";
  return null;
}
