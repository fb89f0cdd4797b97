// Diffs (GET /api/executions/:id/diff, /api/compare/diff) → lines. Pure.

import type { DiffFile, DiffResult } from "@/lib/diff/schema";
import { paint, type Style } from "./style";

const LETTER: Record<DiffFile["status"], string> = { added: "A", modified: "M", deleted: "D", renamed: "R", copied: "C", type_changed: "T" };

/** `M  src/a.ts  +3 −1` per file, then the totals. */
export function renderDiffFiles(diff: DiffResult, style: Style): string[] {
  if (diff.files.length === 0) return [paint(style, "No changes.", "dim")];
  const lines = diff.files.map((f) => {
    const name = f.oldPath ? `${f.oldPath} → ${f.path}` : f.path;
    const counts = f.binary ? paint(style, "binary", "dim") : `${paint(style, `+${f.additions}`, "green")} ${paint(style, `−${f.deletions}`, "red")}`;
    return `${paint(style, LETTER[f.status], "bold")}  ${name}  ${counts}`;
  });
  lines.push(
    `${diff.files.length} file${diff.files.length === 1 ? "" : "s"} changed, ${paint(style, `+${diff.additions}`, "green")} ${paint(style, `−${diff.deletions}`, "red")}`,
  );
  return lines;
}

/** The unified patch, colored like `git diff`, with a note when it was cut. */
export function renderPatch(diff: DiffResult, style: Style): string[] {
  const lines = diff.patch
    .replace(/\n$/, "")
    .split("\n")
    .filter((l, i, all) => l !== "" || i < all.length - 1);
  const colored = lines.map((line) => {
    if (line.startsWith("diff --git ") || line.startsWith("index ") || line.startsWith("--- ") || line.startsWith("+++ ")) return paint(style, line, "bold");
    if (line.startsWith("@@")) return paint(style, line, "cyan");
    if (line.startsWith("+")) return paint(style, line, "green");
    if (line.startsWith("-")) return paint(style, line, "red");
    return line;
  });
  if (diff.truncated) {
    colored.push(
      paint(
        style,
        `… patch truncated at ${diff.maxPatchBytes.toLocaleString("en-US")} bytes (the file list above is complete); all of it: git diff ${diff.from.slice(0, 12)} ${diff.to.slice(0, 12)}`,
        "yellow",
      ),
    );
  }
  return colored;
}
