"use client";

import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode, type SyntheticEvent } from "react";
import { cn } from "@/lib/cn";
import { useDebouncedValue } from "@/lib/hooks/use-debounced-value";
import { candidateMatches, insertReference, referenceQueryAt, type ReferenceCandidate } from "@/lib/references/completion";
import { useReferenceCandidates } from "@/lib/references/hooks";

// `[[` in a markdown textarea offers the specs, issues and sessions it may
// mean: a listbox the keyboard drives from the textarea (↑ ↓ choose, Enter or
// Tab insert `[[ID]]`, Esc closes), announced to screen readers, also
// clickable. The textarea keeps the focus throughout.

const KIND_LABEL = { spec: "Spec", issue: "Issue", session: "Session" } as const;

type TextareaProps = {
  ref: (el: HTMLTextAreaElement | null) => void;
  onKeyDown: (event: KeyboardEvent<HTMLTextAreaElement>) => void;
  onSelect: (event: SyntheticEvent<HTMLTextAreaElement>) => void;
  "aria-autocomplete": "list";
  "aria-controls": string | undefined;
  "aria-activedescendant": string | undefined;
};

/**
 * Completion for one textarea. `onChange` is the editor's; call `trackCaret`
 * from its onChange too (the caret after typing). Spread `textareaProps` on
 * the textarea and render `popup` in a positioned box around it.
 */
export function useReferenceCompletion({ value, onChange }: { value: string; onChange: (value: string) => void }): {
  textareaProps: TextareaProps;
  trackCaret: (el: HTMLTextAreaElement) => void;
  popup: ReactNode;
} {
  const listId = useId();
  const textarea = useRef<HTMLTextAreaElement | null>(null);
  const [caret, setCaret] = useState<number | null>(null);
  const [dismissed, setDismissed] = useState<number | null>(null);
  const [active, setActive] = useState(0);
  const pendingCaret = useRef<number | null>(null);

  const query = caret === null ? null : referenceQueryAt(value, caret);
  const open = query !== null && query.start !== dismissed;
  const text = useDebouncedValue(query?.text ?? "", 120);
  const candidates = useReferenceCandidates(text, open);
  // The last answer stays while the next loads: what no longer fits the text typed since is not offered.
  const items: ReferenceCandidate[] = open && query ? (candidates.data ?? []).filter((c) => candidateMatches(c, query.text)) : [];
  const shown = open && items.length > 0;
  const optionId = (i: number) => `${listId}-option-${i}`;

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new query starts at its first suggestion.
  useEffect(() => setActive(0), [query?.text]);
  // A closed `[[` opens again once it is typed anew elsewhere.
  useEffect(() => {
    if (dismissed !== null && query?.start !== dismissed) setDismissed(null);
  }, [dismissed, query?.start]);
  // After an insertion, put the caret after the reference (once the new value is in the textarea).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the value changed, which is when the insertion is in the textarea.
  useLayoutEffect(() => {
    const at = pendingCaret.current;
    if (at === null || !textarea.current) return;
    pendingCaret.current = null;
    textarea.current.setSelectionRange(at, at);
    setCaret(at);
  }, [value]);

  const choose = (candidate: ReferenceCandidate) => {
    if (!query) return;
    const next = insertReference(value, query, candidate.id);
    pendingCaret.current = next.caret;
    onChange(next.value);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!shown || !query) return;
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive((i) => (i + step + items.length) % items.length);
    } else if (event.key === "Enter" || event.key === "Tab") {
      event.preventDefault();
      choose(items[Math.min(active, items.length - 1)]);
    } else if (event.key === "Escape") {
      // Closes the list only: not the dialog or form around the editor.
      event.preventDefault();
      event.stopPropagation();
      setDismissed(query.start);
    }
  };

  // Below the line the caret is on (an estimate from the line count; wrapped lines may put it lower).
  let top: number | undefined;
  if (shown && textarea.current && query) {
    const style = getComputedStyle(textarea.current);
    const lineHeight = Number.parseFloat(style.lineHeight) || 24;
    const line = value.slice(0, query.start).split("\n").length;
    const offset = (Number.parseFloat(style.paddingTop) || 0) + line * lineHeight - textarea.current.scrollTop;
    top = Math.max(lineHeight, Math.min(offset, textarea.current.clientHeight || offset));
  }

  const popup = (
    <>
      <p className="sr-only" aria-live="polite">
        {shown ? `${items.length} ${items.length === 1 ? "suggestion" : "suggestions"}: up and down to choose, Enter to insert, Escape to close` : ""}
      </p>
      {shown ? (
        <ul
          id={listId}
          role="listbox"
          aria-label="References"
          style={{ top }}
          className="absolute left-3 z-20 max-h-64 w-[min(28rem,calc(100%-1.5rem))] overflow-y-auto rounded-md border border-zinc-200 bg-white py-1 text-sm shadow-lg dark:border-zinc-700 dark:bg-zinc-900"
        >
          {items.map((item, i) => (
            <li
              key={item.id}
              id={optionId(i)}
              role="option"
              aria-selected={i === active}
              // The textarea keeps the focus (aria-activedescendant points here); never in the Tab order.
              tabIndex={-1}
              // Keep the focus in the textarea: choose on press, before it would blur.
              onMouseDown={(event) => {
                event.preventDefault();
                choose(item);
              }}
              onMouseEnter={() => setActive(i)}
              className={cn("flex cursor-pointer items-baseline gap-2 px-3 py-1.5", i === active ? "bg-emerald-50 dark:bg-emerald-950" : "")}
            >
              <span className="shrink-0 font-mono text-xs text-zinc-600 dark:text-zinc-300">{item.id}</span>
              <span className="min-w-0 truncate">{item.title}</span>
              <span className="ml-auto shrink-0 text-xs text-zinc-500">{KIND_LABEL[item.kind]}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );

  return {
    textareaProps: {
      ref: (el) => {
        textarea.current = el;
      },
      onKeyDown,
      onSelect: (event) => setCaret(event.currentTarget.selectionStart),
      "aria-autocomplete": "list",
      "aria-controls": shown ? listId : undefined,
      "aria-activedescendant": shown ? optionId(Math.min(active, items.length - 1)) : undefined,
    },
    trackCaret: (el) => setCaret(el.selectionStart),
    popup,
  };
}
