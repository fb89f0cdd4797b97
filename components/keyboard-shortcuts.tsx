"use client";

import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent as ReactKeyboardEvent } from "react";
import { createPortal } from "react-dom";

// Keys that work on every page: `/` puts the cursor in the header's search
// box, `?` lists the shortcuts (a modal dialog: Esc or Close shuts it and
// the focus goes back where it was). Neither fires while a person types in a
// field, so a `/` or `?` in a prompt stays a character.

/** The header's search box (components/search/header-search.tsx). */
export const SEARCH_INPUT_ID = "header-search";

export const SHORTCUTS: { keys: string[]; what: string }[] = [
  { keys: ["/"], what: "Search" },
  { keys: ["?"], what: "Show these shortcuts" },
  { keys: ["Esc"], what: "Close a dialog, a menu or a card" },
  { keys: ["Ctrl", "Enter"], what: "Send a prompt (⌘ Enter on a Mac)" },
  { keys: ["[", "["], what: "In a description: link a session, issue or spec (SESS-1, ISSUE-2, SPEC-3)" },
  { keys: ["↑", "↓", "←", "→"], what: "Session tree: move between turns (Shift: pan)" },
  { keys: ["Enter"], what: "Session tree: open the turn" },
  { keys: ["+", "−", "0"], what: "Session tree: zoom in, out, fit" },
  { keys: ["L"], what: "Session tree: the latest turn" },
];

/** Whether a key press belongs to what the person is typing in. */
export function isTyping(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  if (!el || typeof el.tagName !== "string") return false;
  if (el.isContentEditable) return true;
  const tag = el.tagName.toLowerCase();
  if (tag === "textarea" || tag === "select") return true;
  if (tag !== "input") return false;
  const type = (el as HTMLInputElement).type;
  return !["button", "checkbox", "radio", "submit", "reset", "range", "color", "file"].includes(type);
}

function ShortcutsDialog({ onClose }: { onClose: () => void }) {
  const titleId = useId();
  const dialog = useRef<HTMLDivElement>(null);
  const close = useRef<HTMLButtonElement>(null);
  useEffect(() => close.current?.focus(), []);

  // Keep Tab inside the dialog while it is open.
  const onKeyDown = (event: ReactKeyboardEvent) => {
    if (event.key === "Escape") {
      event.preventDefault();
      onClose();
      return;
    }
    if (event.key !== "Tab" || !dialog.current) return;
    const focusable = [...dialog.current.querySelectorAll<HTMLElement>("button, [href], [tabindex]:not([tabindex='-1'])")];
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last?.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first?.focus();
    }
  };

  return (
    <div
      className="fixed inset-0 z-50 flex items-start justify-center bg-zinc-950/40 p-4 pt-[10vh]"
      onMouseDown={(e) => e.target === e.currentTarget && onClose()}
    >
      <div
        ref={dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        onKeyDown={onKeyDown}
        className="max-h-[80vh] w-full max-w-lg overflow-y-auto rounded-lg border border-zinc-200 bg-white p-5 shadow-xl dark:border-zinc-800 dark:bg-zinc-900"
      >
        <div className="flex items-center justify-between gap-4">
          <h2 id={titleId} className="text-lg font-semibold">
            Keyboard shortcuts
          </h2>
          <button
            ref={close}
            type="button"
            onClick={onClose}
            className="rounded-md px-2 py-1 text-sm text-zinc-600 hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-emerald-600 dark:text-zinc-400 dark:hover:bg-zinc-800"
          >
            Close
          </button>
        </div>
        <dl className="mt-3 divide-y divide-zinc-100 text-sm dark:divide-zinc-800">
          {SHORTCUTS.map((s) => (
            <div key={s.what} className="flex items-baseline justify-between gap-4 py-2">
              <dt className="flex shrink-0 gap-1">
                {s.keys.map((k, i) => (
                  <kbd key={`${i}:${k}`} className="rounded border border-zinc-300 bg-zinc-50 px-1.5 font-mono text-xs dark:border-zinc-700 dark:bg-zinc-800">
                    {k}
                  </kbd>
                ))}
              </dt>
              <dd className="text-right text-zinc-700 dark:text-zinc-300">{s.what}</dd>
            </div>
          ))}
        </dl>
      </div>
    </div>
  );
}

/** The `/` and `?` keys for the whole app, and a header button that lists the shortcuts. */
export function KeyboardShortcuts() {
  const [open, setOpen] = useState(false);
  const returnTo = useRef<HTMLElement | null>(null);

  const show = useCallback(() => {
    returnTo.current = document.activeElement as HTMLElement | null;
    setOpen(true);
  }, []);
  const hide = useCallback(() => {
    setOpen(false);
    returnTo.current?.focus?.();
  }, []);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target)) return;
      if (event.key === "/") {
        const search = document.getElementById(SEARCH_INPUT_ID);
        if (!search) return;
        event.preventDefault();
        search.focus();
      } else if (event.key === "?") {
        event.preventDefault();
        show();
      }
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [show]);

  return (
    <>
      <button
        type="button"
        onClick={show}
        aria-label="Keyboard shortcuts"
        aria-haspopup="dialog"
        title="Keyboard shortcuts (?)"
        className="hidden size-9 items-center justify-center rounded-md font-mono text-sm text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-600 sm:inline-flex dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-zinc-100"
      >
        ?
      </button>
      {/* In <body>: the header's backdrop blur would make it the box a fixed overlay is placed in. */}
      {open ? createPortal(<ShortcutsDialog onClose={hide} />, document.body) : null}
    </>
  );
}
