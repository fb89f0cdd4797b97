"use client";

// Long monospace text (tool output, file contents) cut to a preview the reader can expand.
import { useId, useState } from "react";
import { textLinkClasses } from "@/components/ui/text-link";
import { cn } from "@/lib/cn";
import { formatCount } from "@/lib/format";

/** Longer text is cut to this many characters / lines until the reader expands it. */
export const TRUNCATE_CHARS = 2_000;
export const TRUNCATE_LINES = 24;

function cut(text: string): { preview: string; truncated: boolean } {
  let preview = text;
  let truncated = false;
  let newlines = 0;
  for (let i = 0; i < preview.length; i++) {
    if (preview.charCodeAt(i) === 10 && ++newlines === TRUNCATE_LINES) {
      preview = preview.slice(0, i);
      truncated = true;
      break;
    }
  }
  if (preview.length > TRUNCATE_CHARS) {
    preview = preview.slice(0, TRUNCATE_CHARS);
    truncated = true;
  }
  return { preview, truncated };
}

export function lineCount(text: string): number {
  let n = 1;
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) n++;
  return n;
}

export const pre = "overflow-x-auto whitespace-pre-wrap break-words rounded-md bg-zinc-50 p-2 font-mono text-xs leading-relaxed dark:bg-zinc-950";
/** A show-more toggle that looks like a link. */
export const linkButton = textLinkClasses({ underline: true, className: "mt-1 text-xs" });

/** Monospace text, cut after TRUNCATE_LINES lines or TRUNCATE_CHARS characters with a "Show all" toggle. */
export function TruncatedText({ text, className, note }: { text: string; className?: string; note?: string }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const { preview, truncated } = cut(text);
  return (
    <div>
      <pre id={id} className={cn(pre, className)}>
        {truncated && !open ? `${preview}\n…` : text}
      </pre>
      {truncated ? (
        <button type="button" aria-expanded={open} aria-controls={id} className={linkButton} onClick={() => setOpen(!open)}>
          {open ? "Show less" : `Show all ${formatCount(lineCount(text))} lines (${formatCount(text.length)} characters)`}
        </button>
      ) : null}
      {note ? <p className="mt-1 text-xs text-zinc-500">{note}</p> : null}
    </div>
  );
}
