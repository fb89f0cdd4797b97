"use client";

import { useId, useRef, useState, type KeyboardEvent } from "react";
import { cn } from "@/lib/cn";
import { Markdown } from "@/components/markdown";
import { useReferenceCompletion } from "@/components/references/reference-completion";
import { controlClasses, describedBy } from "@/components/ui/field";

type Tab = "write" | "preview";
const TABS: Array<{ key: Tab; label: string }> = [
  { key: "write", label: "Write" },
  { key: "preview", label: "Preview" },
];

/**
 * A markdown textarea with Write / Preview tabs (ARIA tabs; arrow keys move between them).
 * The textarea carries `id`, so a <label htmlFor={id}> names it. Typing `[[`
 * offers the specs, issues and sessions to cite (reference-completion.tsx).
 */
export function MarkdownEditor({
  id,
  name,
  value,
  onChange,
  error,
  hint,
  placeholder,
  rows = 12,
  maxLength,
  disabled,
}: {
  id: string;
  name?: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint?: boolean;
  placeholder?: string;
  rows?: number;
  maxLength?: number;
  disabled?: boolean;
}) {
  const [tab, setTab] = useState<Tab>("write");
  const baseId = useId();
  const tabRefs = useRef<Record<Tab, HTMLButtonElement | null>>({ write: null, preview: null });
  const completion = useReferenceCompletion({ value, onChange });

  const select = (next: Tab) => {
    setTab(next);
    tabRefs.current[next]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = TABS.findIndex((t) => t.key === tab);
    if (event.key === "ArrowRight" || event.key === "ArrowLeft") {
      event.preventDefault();
      const delta = event.key === "ArrowRight" ? 1 : -1;
      select(TABS[(index + delta + TABS.length) % TABS.length].key);
    } else if (event.key === "Home") {
      event.preventDefault();
      select(TABS[0].key);
    } else if (event.key === "End") {
      event.preventDefault();
      select(TABS[TABS.length - 1].key);
    }
  };

  return (
    <div className={cn("overflow-hidden rounded-md border shadow-sm", error ? "border-red-500" : "border-zinc-300 dark:border-zinc-700")}>
      <div
        role="tablist"
        aria-label="Markdown editor mode"
        className="flex gap-1 border-b border-zinc-200 bg-zinc-50 px-2 pt-2 dark:border-zinc-800 dark:bg-zinc-900/60"
      >
        {TABS.map((t) => (
          <button
            key={t.key}
            ref={(el) => {
              tabRefs.current[t.key] = el;
            }}
            type="button"
            role="tab"
            id={`${baseId}-${t.key}-tab`}
            aria-selected={tab === t.key}
            aria-controls={`${baseId}-${t.key}-panel`}
            tabIndex={tab === t.key ? 0 : -1}
            onClick={() => setTab(t.key)}
            onKeyDown={onKeyDown}
            className={cn(
              "-mb-px rounded-t-md border px-3 py-1.5 text-sm font-medium",
              "focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-emerald-600",
              tab === t.key
                ? "border-zinc-200 border-b-white bg-white text-zinc-900 dark:border-zinc-800 dark:border-b-zinc-900 dark:bg-zinc-900 dark:text-zinc-100"
                : "border-transparent text-zinc-600 hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-zinc-100",
            )}
          >
            {t.label}
          </button>
        ))}
        <span className="ml-auto self-center pb-1.5 text-xs text-zinc-500 dark:text-zinc-400">Markdown supported · [[ links an item</span>
      </div>
      <div
        role="tabpanel"
        id={`${baseId}-write-panel`}
        aria-labelledby={`${baseId}-write-tab`}
        hidden={tab !== "write"}
        className="relative bg-white dark:bg-zinc-900"
      >
        <textarea
          {...completion.textareaProps}
          id={id}
          name={name}
          value={value}
          onChange={(e) => {
            onChange(e.target.value);
            completion.trackCaret(e.target);
          }}
          rows={rows}
          maxLength={maxLength}
          placeholder={placeholder}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, { hint, error })}
          className={cn(controlClasses, "min-h-40 resize-y rounded-none border-0 py-2 font-mono leading-relaxed shadow-none")}
        />
        {completion.popup}
      </div>
      <div
        role="tabpanel"
        id={`${baseId}-preview-panel`}
        aria-labelledby={`${baseId}-preview-tab`}
        hidden={tab !== "preview"}
        tabIndex={0}
        className="min-h-40 bg-white px-4 py-3 dark:bg-zinc-900"
      >
        {tab === "preview" ? <Markdown emptyText="Nothing to preview.">{value}</Markdown> : null}
      </div>
    </div>
  );
}
