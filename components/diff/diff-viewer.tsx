"use client";

import { type ReactNode, useMemo, useState } from "react";
import { Diff, Hunk, parseDiff, type FileData, type ViewType } from "react-diff-view";
import type { DiffFile, DiffResult } from "@/lib/diff/schema";
import { cn } from "@/lib/cn";
import { formatCount } from "@/lib/format";
import { DiffFileList, FileStatus, LineCounts, fileAnchor } from "./diff-stat";

// A file with more changed lines than this starts folded: one huge
// generated file should not bury the rest.
const FOLD_OVER_LINES = 400;

/** The patch's file sections, keyed by the path they end at. */
function patchByPath(patch: string): Map<string, FileData> {
  const files = patch ? parseDiff(patch, { nearbySequences: "zip" }) : [];
  // gitdiff-parser reports a deleted file's new path as /dev/null.
  return new Map(files.map((f) => [f.type === "delete" ? f.oldPath : f.newPath, f]));
}

function ViewToggle({ view, onChange }: { view: ViewType; onChange: (view: ViewType) => void }) {
  const option = (value: ViewType, label: string) => (
    <button
      type="button"
      aria-pressed={view === value}
      onClick={() => onChange(value)}
      className={cn(
        "px-2.5 py-1 text-xs font-medium focus-visible:outline-2 focus-visible:outline-emerald-600",
        view === value
          ? "bg-zinc-200 text-zinc-900 dark:bg-zinc-700 dark:text-zinc-50"
          : "text-zinc-600 hover:bg-zinc-100 dark:text-zinc-400 dark:hover:bg-zinc-800",
      )}
    >
      {label}
    </button>
  );
  return (
    <div role="group" aria-label="Diff layout" className="inline-flex overflow-hidden rounded-md border border-zinc-300 dark:border-zinc-700">
      {option("unified", "Unified")}
      {option("split", "Split")}
    </div>
  );
}

function FileDiff({
  file,
  data,
  index,
  view,
  cut,
  anchorPrefix,
}: {
  file: DiffFile;
  data: FileData | undefined;
  index: number;
  view: ViewType;
  cut: boolean;
  anchorPrefix?: string;
}) {
  const name = file.oldPath ? `${file.oldPath} → ${file.path}` : file.path;
  const big = file.additions + file.deletions > FOLD_OVER_LINES;
  let body: ReactNode;
  if (file.binary) body = <p className="px-3 py-2 text-xs text-zinc-500">Binary file: its contents are not shown.</p>;
  else if (!data) {
    body = (
      <p className="px-3 py-2 text-xs text-zinc-500">
        {cut ? "Not shown: the patch was cut at its size limit before this file." : "No text changes (mode or rename only)."}
      </p>
    );
  } else if (data.hunks.length === 0) body = <p className="px-3 py-2 text-xs text-zinc-500">No text changes (mode or rename only).</p>;
  else {
    body = (
      <div className="arbor-diff overflow-x-auto">
        <Diff viewType={view} diffType={data.type} hunks={data.hunks}>
          {(hunks) => hunks.map((hunk) => <Hunk key={hunk.content} hunk={hunk} />)}
        </Diff>
      </div>
    );
  }
  return (
    <details id={fileAnchor(index, anchorPrefix)} open={!big} className="overflow-hidden rounded-md border border-zinc-200 dark:border-zinc-800">
      <summary className="flex cursor-pointer items-center gap-2 bg-zinc-50 px-3 py-1.5 dark:bg-zinc-900">
        <FileStatus status={file.status} />
        <span className="min-w-0 flex-1 truncate font-mono text-xs">{name}</span>
        <LineCounts additions={file.additions} deletions={file.deletions} binary={file.binary} />
      </summary>
      {body}
    </details>
  );
}

/** A diff: the file list with +/− counts, then each file in a unified or split view. `label` names the file list; `anchorPrefix` its anchors (two diffs on a page). */
export function DiffViewer({
  diff,
  initialView = "unified",
  label,
  anchorPrefix,
}: {
  diff: DiffResult;
  initialView?: ViewType;
  label?: string;
  anchorPrefix?: string;
}) {
  const [view, setView] = useState<ViewType>(initialView);
  const parsed = useMemo(() => patchByPath(diff.patch), [diff.patch]);
  if (diff.files.length === 0) return <p className="text-sm text-zinc-500 dark:text-zinc-400">No files changed.</p>;
  const cutFiles = diff.truncated ? diff.files.filter((f) => !f.binary && !parsed.has(f.path)).length : 0;
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm">
          <strong>{diff.files.length}</strong> file{diff.files.length === 1 ? "" : "s"} changed,{" "}
          <LineCounts additions={diff.additions} deletions={diff.deletions} />
        </p>
        <ViewToggle view={view} onChange={setView} />
      </div>
      <DiffFileList files={diff.files} label={label} anchorPrefix={anchorPrefix} />
      {diff.truncated ? (
        <p
          role="note"
          className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-xs text-amber-900 dark:border-amber-800 dark:bg-amber-950/50 dark:text-amber-200"
        >
          Truncated: the patch is over {formatCount(Math.round(diff.maxPatchBytes / 1024))} KiB, so {cutFiles} file{cutFiles === 1 ? "" : "s"} at the end{" "}
          {cutFiles === 1 ? "is" : "are"} listed without {cutFiles === 1 ? "its" : "their"} lines. All of it: <code className="font-mono">arbor diff</code> or{" "}
          <code className="font-mono">
            git diff {diff.from.slice(0, 12)} {diff.to.slice(0, 12)}
          </code>
          .
        </p>
      ) : null}
      <div className="space-y-2">
        {diff.files.map((file, index) => (
          <FileDiff
            key={`${file.oldPath ?? ""}→${file.path}`}
            file={file}
            data={parsed.get(file.path)}
            index={index}
            view={view}
            cut={diff.truncated}
            anchorPrefix={anchorPrefix}
          />
        ))}
      </div>
    </div>
  );
}
