"use client";

// "Add to bundle" on a session's, spec's or issue's page: pick one of the
// bundles (or name a new one) and the item joins it, without typing its id.
import { useId, useRef, useState } from "react";
import { ErrorAlert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { controlClasses } from "@/components/ui/field";
import { TextLink } from "@/components/ui/text-link";
import { cn } from "@/lib/cn";
import { useEscapeKey } from "@/lib/hooks/use-escape-key";
import { useAddToBundle, useBundles, useCreateBundle } from "@/lib/bundles/hooks";

const NEW = "__new__";

export function AddToBundle({ itemId, title }: { itemId: string; title: string }) {
  const [open, setOpen] = useState(false);
  const [choice, setChoice] = useState("");
  const [name, setName] = useState("");
  const [done, setDone] = useState<{ id: string; name: string } | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const ids = useId();
  // Asked for once the button is pointed at or focused, not with every page that shows it (it competed with the page's own data).
  const [wanted, setWanted] = useState(false);
  const want = () => setWanted(true);
  const bundles = useBundles({ limit: 100 }, { enabled: wanted || open });
  const add = useAddToBundle();
  const create = useCreateBundle();
  const list = bundles.data ?? [];
  // With no bundle yet, the choice is a new one.
  const chosen = choice || (bundles.isSuccess && list.length === 0 ? NEW : list[0]?.id) || "";
  const pending = add.isPending || create.isPending;
  const error = add.error ?? create.error;

  useEscapeKey(open, () => {
    setOpen(false);
    button.current?.focus();
  });

  const submit = () => {
    if (chosen === NEW) {
      const bundleName = name.trim() || title;
      create.mutate({ name: bundleName, items: [itemId] }, { onSuccess: (bundle) => setDone({ id: bundle.id, name: bundle.name }) });
    } else if (chosen) {
      add.mutate({ bundleId: chosen, items: [itemId] }, { onSuccess: ({ bundle }) => setDone({ id: bundle.id, name: bundle.name }) });
    }
  };

  return (
    <div className="relative">
      <Button
        ref={button}
        variant="secondary"
        aria-expanded={open}
        aria-controls={`${ids}-panel`}
        onPointerEnter={want}
        onFocus={want}
        onClick={() => {
          setOpen((o) => !o);
          setDone(null);
        }}
      >
        Add to bundle
      </Button>
      <div
        id={`${ids}-panel`}
        hidden={!open}
        className="absolute right-0 z-20 mt-2 w-80 max-w-[calc(100vw-2rem)] rounded-lg border border-zinc-200 bg-white p-4 text-left shadow-lg dark:border-zinc-800 dark:bg-zinc-900"
      >
        <form
          aria-label={`Add ${itemId} to a bundle`}
          className="space-y-3"
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <div className="space-y-1">
            <label htmlFor={`${ids}-bundle`} className="block text-sm font-medium">
              Bundle
            </label>
            <select
              id={`${ids}-bundle`}
              value={chosen}
              onChange={(e) => {
                setChoice(e.target.value);
                setDone(null);
              }}
              className={cn(controlClasses, "border-zinc-300 py-1.5 dark:border-zinc-700")}
            >
              {list.map((b) => (
                <option key={b.id} value={b.id}>
                  {b.id} · {b.name}
                </option>
              ))}
              <option value={NEW}>New bundle…</option>
            </select>
          </div>
          {chosen === NEW ? (
            <div className="space-y-1">
              <label htmlFor={`${ids}-name`} className="block text-sm font-medium">
                Name of the new bundle
              </label>
              <input
                id={`${ids}-name`}
                value={name}
                maxLength={200}
                placeholder={title}
                onChange={(e) => setName(e.target.value)}
                className={cn(controlClasses, "border-zinc-300 py-1.5 dark:border-zinc-700")}
              />
            </div>
          ) : null}
          {error ? <ErrorAlert>{error.message}</ErrorAlert> : null}
          <div className="flex items-center gap-2">
            <Button type="submit" size="sm" disabled={pending || !chosen}>
              {pending ? "Adding…" : chosen === NEW ? "Create and add" : "Add"}
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setOpen(false)}>
              Close
            </Button>
          </div>
          <p role="status" className="text-sm text-zinc-700 dark:text-zinc-300">
            {done ? (
              <>
                {itemId} is in{" "}
                <TextLink mono href={`/bundles/${done.id}`}>
                  {done.id}
                </TextLink>{" "}
                ({done.name}).
              </>
            ) : null}
          </p>
        </form>
      </div>
    </div>
  );
}
