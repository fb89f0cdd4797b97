"use client";

import { useState } from "react";
import { cn } from "@/lib/cn";
import { lineDiff } from "@/lib/diff/line-diff";
import { linkButton, pre } from "./truncated-text";

/** An edit as a unified-style diff: removed lines red, added green, unchanged context grey. */
export function EditDiff({ oldString, newString }: { oldString: string; newString: string }) {
  const [open, setOpen] = useState(false);
  const lines = lineDiff(oldString, newString);
  const limit = 40;
  const shown = open ? lines : lines.slice(0, limit);
  return (
    <div>
      <pre className={cn(pre, "whitespace-pre")} aria-label="Diff">
        {shown.map((line, i) => (
          <div
            key={i}
            className={
              line.kind === "removed"
                ? "bg-red-50 text-red-800 dark:bg-red-950/50 dark:text-red-300"
                : line.kind === "added"
                  ? "bg-emerald-50 text-emerald-800 dark:bg-emerald-950/50 dark:text-emerald-300"
                  : "text-zinc-500"
            }
          >
            <span aria-hidden="true" className="select-none">
              {line.kind === "removed" ? "- " : line.kind === "added" ? "+ " : "  "}
            </span>
            <span className="sr-only">{line.kind === "removed" ? "removed: " : line.kind === "added" ? "added: " : ""}</span>
            {line.text}
          </div>
        ))}
      </pre>
      {lines.length > limit ? (
        <button type="button" aria-expanded={open} className={linkButton} onClick={() => setOpen(!open)}>
          {open ? "Show less" : `Show all ${lines.length} diff lines`}
        </button>
      ) : null}
    </div>
  );
}
