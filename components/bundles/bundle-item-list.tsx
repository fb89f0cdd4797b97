"use client";

import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { TextLink } from "@/components/ui/text-link";
import { ENTITY_TYPE_LABELS, itemKey, moveItem, type BundleItemRef } from "@/lib/bundles/items";
import type { BundleItem } from "@/lib/bundles/schema";
import { cn } from "@/lib/cn";

type Action = "up" | "down" | "remove";

const TYPE_STYLES: Record<BundleItem["type"], string> = {
  session: "bg-violet-50 text-violet-800 ring-violet-600/20 dark:bg-violet-950 dark:text-violet-300 dark:ring-violet-400/30",
  spec: "bg-sky-50 text-sky-800 ring-sky-600/20 dark:bg-sky-950 dark:text-sky-300 dark:ring-sky-400/30",
  issue: "bg-amber-50 text-amber-800 ring-amber-600/20 dark:bg-amber-950 dark:text-amber-300 dark:ring-amber-400/30",
  commit: "bg-zinc-100 text-zinc-700 ring-zinc-500/20 dark:bg-zinc-800 dark:text-zinc-300 dark:ring-zinc-400/30",
};

/**
 * A bundle's items in order, each with Move up / Move down / Remove buttons.
 * Plain buttons, so the keyboard does everything: after a move the focus
 * stays on the moved item's button (or its other one at an end), and a live
 * region says where it went. Changes show at once and go to `onChange` as
 * the whole new list; when the parent's `items` change (the saved answer,
 * or a failure's old list) they win.
 */
export function BundleItemList({
  items,
  onChange,
  disabled = false,
  label = "Bundle items",
}: {
  items: BundleItem[];
  onChange: (next: BundleItemRef[]) => void;
  disabled?: boolean;
  label?: string;
}) {
  const [order, setOrder] = useState(items);
  const [announcement, setAnnouncement] = useState("");
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const pendingFocus = useRef<{ key: string; action: Action } | null>(null);

  useEffect(() => setOrder(items), [items]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs after each reorder, to move focus to the moved item's button.
  useLayoutEffect(() => {
    const target = pendingFocus.current;
    if (!target) return;
    pendingFocus.current = null;
    const fallback: Action = target.action === "up" ? "down" : "up";
    const preferred = buttons.current.get(`${target.key}:${target.action}`);
    const other = buttons.current.get(`${target.key}:${fallback}`);
    (preferred && !preferred.disabled ? preferred : other && !other.disabled ? other : preferred)?.focus();
  }, [order]);

  const change = (next: BundleItem[], message: string, focus: { key: string; action: Action } | null) => {
    setOrder(next);
    setAnnouncement(message);
    pendingFocus.current = focus;
    onChange(next.map(({ type, id }) => ({ type, id })));
  };

  const move = (index: number, by: -1 | 1) => {
    const item = order[index];
    const next = moveItem(order, index, index + by);
    change(next, `Moved ${item.id} to position ${index + by + 1} of ${next.length}`, { key: itemKey(item), action: by < 0 ? "up" : "down" });
  };

  const remove = (index: number) => {
    const item = order[index];
    const next = order.filter((_, i) => i !== index);
    // Focus moves to the next item's Remove button (or the previous one's), never to the page's top.
    const neighbour = next[index] ?? next[index - 1];
    change(next, `Removed ${item.id}`, neighbour ? { key: itemKey(neighbour), action: "remove" } : null);
  };

  const setButton = (key: string, action: Action) => (el: HTMLButtonElement | null) => {
    if (el) buttons.current.set(`${key}:${action}`, el);
    else buttons.current.delete(`${key}:${action}`);
  };

  return (
    <div>
      {order.length === 0 ? (
        <p className="rounded-lg border border-dashed border-zinc-300 px-4 py-6 text-center text-sm text-zinc-500 dark:border-zinc-700 dark:text-zinc-400">
          This bundle is empty. Add sessions, specs, issues or commits below.
        </p>
      ) : (
        <ol
          aria-label={label}
          className="divide-y divide-zinc-200 overflow-hidden rounded-lg border border-zinc-200 bg-white shadow-sm dark:divide-zinc-800 dark:border-zinc-800 dark:bg-zinc-900"
        >
          {order.map((item, index) => {
            const key = itemKey(item);
            const name = item.type === "commit" ? item.id.slice(0, 12) : item.id;
            return (
              <li key={key} className="flex flex-wrap items-center gap-x-3 gap-y-2 px-4 py-2.5">
                <span aria-hidden="true" className="w-5 shrink-0 text-right font-mono text-xs text-zinc-400">
                  {index + 1}
                </span>
                <span
                  className={cn("inline-flex shrink-0 items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset", TYPE_STYLES[item.type])}
                >
                  {ENTITY_TYPE_LABELS[item.type]}
                </span>
                <div className="flex min-w-0 flex-1 items-baseline gap-2">
                  {item.href && !item.missing ? (
                    <TextLink mono href={item.href} className="shrink-0 text-sm">
                      {name}
                    </TextLink>
                  ) : (
                    <span className="shrink-0 font-mono text-sm" title={item.type === "commit" ? item.id : undefined}>
                      {name}
                    </span>
                  )}
                  {item.missing ? (
                    <span className="text-sm text-red-700 dark:text-red-400">no longer exists</span>
                  ) : item.title ? (
                    <span className="min-w-0 truncate text-sm text-zinc-700 dark:text-zinc-300">{item.title}</span>
                  ) : null}
                  {item.status ? <span className="shrink-0 text-xs text-zinc-500">{item.status.replace("_", " ")}</span> : null}
                </div>
                <div className="flex shrink-0 gap-1">
                  <Button
                    ref={setButton(key, "up")}
                    size="sm"
                    variant="ghost"
                    aria-label={`Move ${item.id} up`}
                    disabled={disabled || index === 0}
                    onClick={() => move(index, -1)}
                  >
                    ↑<span className="sr-only sm:not-sr-only">Up</span>
                  </Button>
                  <Button
                    ref={setButton(key, "down")}
                    size="sm"
                    variant="ghost"
                    aria-label={`Move ${item.id} down`}
                    disabled={disabled || index === order.length - 1}
                    onClick={() => move(index, 1)}
                  >
                    ↓<span className="sr-only sm:not-sr-only">Down</span>
                  </Button>
                  <Button
                    ref={setButton(key, "remove")}
                    size="sm"
                    variant="ghost"
                    aria-label={`Remove ${item.id}`}
                    disabled={disabled}
                    onClick={() => remove(index)}
                  >
                    Remove
                  </Button>
                </div>
              </li>
            );
          })}
        </ol>
      )}
      <p role="status" aria-live="polite" className="sr-only">
        {announcement}
      </p>
    </div>
  );
}
