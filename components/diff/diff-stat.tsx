import type { DiffFile } from "@/lib/diff/schema";
import { cn } from "@/lib/cn";

const STATUS_LABEL: Record<DiffFile["status"], string> = {
  added: "added",
  modified: "modified",
  deleted: "deleted",
  renamed: "renamed",
  copied: "copied",
  type_changed: "type changed",
};

const STATUS_LETTER: Record<DiffFile["status"], string> = { added: "A", modified: "M", deleted: "D", renamed: "R", copied: "C", type_changed: "T" };

const STATUS_STYLE: Record<DiffFile["status"], string> = {
  added: "text-emerald-700 dark:text-emerald-400",
  modified: "text-amber-700 dark:text-amber-400",
  deleted: "text-red-700 dark:text-red-400",
  renamed: "text-sky-700 dark:text-sky-400",
  copied: "text-sky-700 dark:text-sky-400",
  type_changed: "text-zinc-600 dark:text-zinc-400",
};

/** "A" / "M" / "D"… with the word for screen readers. */
export function FileStatus({ status }: { status: DiffFile["status"] }) {
  return (
    <span className={cn("inline-block w-4 shrink-0 text-center font-mono text-xs font-bold", STATUS_STYLE[status])} title={STATUS_LABEL[status]}>
      <span aria-hidden="true">{STATUS_LETTER[status]}</span>
      <span className="sr-only">{STATUS_LABEL[status]}</span>
    </span>
  );
}

/** "+12 −3" (or "binary"). */
export function LineCounts({ additions, deletions, binary = false }: { additions: number; deletions: number; binary?: boolean }) {
  if (binary) return <span className="text-xs text-zinc-500 dark:text-zinc-400">binary</span>;
  return (
    <span className="whitespace-nowrap font-mono text-xs tabular-nums">
      <span className="text-emerald-700 dark:text-emerald-400">+{additions}</span> <span className="text-red-700 dark:text-red-400">−{deletions}</span>
    </span>
  );
}

/** `prefix` keeps two diffs on one page (a turn's and an Apply preview) from sharing anchors. */
export const fileAnchor = (index: number, prefix = "diff-file") => `${prefix}-${index}`;

/** The changed files with their +/− counts, each linking to its diff below. */
export function DiffFileList({ files, label = "Changed files", anchorPrefix }: { files: DiffFile[]; label?: string; anchorPrefix?: string }) {
  return (
    <ul aria-label={label} className="divide-y divide-zinc-100 text-sm dark:divide-zinc-800">
      {files.map((file, index) => (
        <li key={`${file.oldPath ?? ""}→${file.path}`} className="flex items-center gap-2 py-1">
          <FileStatus status={file.status} />
          <a
            href={`#${fileAnchor(index, anchorPrefix)}`}
            className="min-w-0 flex-1 truncate font-mono text-xs hover:underline focus-visible:outline-2 focus-visible:outline-emerald-600"
          >
            {file.oldPath ? `${file.oldPath} → ${file.path}` : file.path}
          </a>
          <LineCounts additions={file.additions} deletions={file.deletions} binary={file.binary} />
        </li>
      ))}
    </ul>
  );
}
