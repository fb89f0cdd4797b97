// Parsers for `git diff -z --name-status` and `git diff -z --numstat`. Pure.
import type { DiffFile as DiffFileEntry, DiffFileStatus } from "@/lib/diff/schema";

export type { DiffFileEntry };

const STATUS: Record<string, DiffFileStatus> = { A: "added", M: "modified", D: "deleted", R: "renamed", C: "copied", T: "type_changed" };

/** `M\0path\0R100\0old\0new\0…` → status entries, in git's order. */
export function parseNameStatus(output: string): { status: DiffFileStatus; path: string; oldPath: string | null }[] {
  const fields = output.split("\0");
  const entries: { status: DiffFileStatus; path: string; oldPath: string | null }[] = [];
  for (let i = 0; i < fields.length; ) {
    const code = fields[i++];
    if (!code) continue;
    const status = STATUS[code[0]!] ?? "modified";
    if (status === "renamed" || status === "copied") {
      const oldPath = fields[i++] ?? "";
      entries.push({ status, oldPath, path: fields[i++] ?? "" });
    } else {
      entries.push({ status, oldPath: null, path: fields[i++] ?? "" });
    }
  }
  return entries;
}

/** `3\t1\tpath\0` and, for renames, `3\t1\t\0old\0new\0`; binary files count as `-\t-`. */
export function parseNumstat(output: string): { additions: number; deletions: number; binary: boolean; path: string }[] {
  const fields = output.split("\0");
  const entries: { additions: number; deletions: number; binary: boolean; path: string }[] = [];
  for (let i = 0; i < fields.length; ) {
    const field = fields[i++]!;
    if (field === "") continue;
    const [added, deleted, ...rest] = field.split("\t");
    let filePath = rest.join("\t");
    if (filePath === "") {
      i++; // the old path of a rename
      filePath = fields[i++] ?? "";
    }
    const binary = added === "-" && deleted === "-";
    entries.push({ additions: binary ? 0 : Number(added), deletions: binary ? 0 : Number(deleted), binary, path: filePath });
  }
  return entries;
}

/** Joins the two listings (git prints them in the same order). */
export function combineDiffListings(nameStatus: string, numstat: string): DiffFileEntry[] {
  const statuses = parseNameStatus(nameStatus);
  const counts = parseNumstat(numstat);
  return statuses.map((s, index) => {
    const c = counts[index]?.path === s.path ? counts[index] : counts.find((n) => n.path === s.path);
    return { ...s, additions: c?.additions ?? 0, deletions: c?.deletions ?? 0, binary: c?.binary ?? false };
  });
}

/**
 * Cuts a unified patch that hit the size cap at the last file boundary, so
 * every file left in it is whole. If even the first file is over the cap,
 * it is cut at the last whole line instead.
 */
export function cutPatchAtFileBoundary(patch: string): string {
  const boundary = patch.lastIndexOf("\ndiff --git ");
  if (boundary > 0) return patch.slice(0, boundary + 1);
  const lastLine = patch.lastIndexOf("\n");
  return lastLine >= 0 ? patch.slice(0, lastLine + 1) : "";
}
