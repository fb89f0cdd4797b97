"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { BundleItemList } from "@/components/bundles/bundle-item-list";
import { Markdown } from "@/components/markdown";
import { ErrorAlert } from "@/components/ui/alert";
import { Button, buttonClasses } from "@/components/ui/button";
import { Field, TextArea, TextInput, controlClasses, describedBy } from "@/components/ui/field";
import { DangerZone } from "@/components/ui/danger-zone";
import { Breadcrumb } from "@/components/ui/page-header";
import { QueryGate } from "@/components/ui/query-gate";
import { Section } from "@/components/ui/section";
import { RelativeTime } from "@/components/ui/time";
import { isApiError } from "@/lib/api-error";
import { bundleApi } from "@/lib/bundles/api";
import { BUNDLE_ITEM_HINT, parseItemRef } from "@/lib/bundles/items";
import type { Bundle } from "@/lib/bundles/schema";
import { executionHref } from "@/lib/hrefs";
import { useAddBundleItems, useBundle, useDeleteBundle, useLoadBundle, useSetBundleItems, useUpdateBundle } from "@/lib/bundles/hooks";

export function BundleDetailView({ id }: { id: string }) {
  const bundle = useBundle(id);
  return (
    <QueryGate query={bundle} noun="bundle" back={{ href: "/bundles", label: "Back to bundles" }}>
      {(data) => <BundleDetail bundle={data} />}
    </QueryGate>
  );
}

function BundleDetail({ bundle }: { bundle: Bundle }) {
  const [editing, setEditing] = useState(false);
  return (
    <article className="space-y-8">
      <header className="space-y-2">
        <Breadcrumb trail={[{ label: "Bundles", href: "/bundles" }, { label: <span className="font-mono">{bundle.id}</span> }]} />
        {editing ? (
          <EditBundle bundle={bundle} onDone={() => setEditing(false)} />
        ) : (
          <>
            <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
              <h1 className="text-2xl font-semibold tracking-tight break-words">{bundle.name}</h1>
              <div className="flex shrink-0 flex-wrap gap-2">
                <Button variant="secondary" onClick={() => setEditing(true)}>
                  Edit
                </Button>
                <a href={bundleApi.exportUrl(bundle.id)} download className={buttonClasses("secondary")}>
                  Export
                </a>
              </div>
            </div>
            {bundle.description.trim() ? (
              <div className="rounded-lg border border-zinc-200 bg-white px-5 py-4 shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
                <Markdown>{bundle.description}</Markdown>
              </div>
            ) : null}
          </>
        )}
        <p className="text-xs text-zinc-500 dark:text-zinc-400">
          Created <RelativeTime iso={bundle.createdAt} /> · Updated <RelativeTime iso={bundle.updatedAt} />
        </p>
      </header>

      <BundleItems bundle={bundle} />
      <LoadContext bundle={bundle} />
      <DeleteBundle bundle={bundle} />
    </article>
  );
}

function EditBundle({ bundle, onDone }: { bundle: Bundle; onDone: () => void }) {
  const update = useUpdateBundle(bundle.id);
  const [name, setName] = useState(bundle.name);
  const [description, setDescription] = useState(bundle.description);
  const nameError = !name.trim() ? "Name is required" : isApiError(update.error) ? update.error.fieldErrors.name?.[0] : undefined;
  return (
    <form
      aria-label="Edit bundle"
      className="space-y-3"
      onSubmit={(event) => {
        event.preventDefault();
        if (!name.trim()) return;
        update.mutate({ name, description }, { onSuccess: onDone });
      }}
    >
      <Field id="edit-bundle-name" label="Name" error={nameError}>
        <TextInput
          id="edit-bundle-name"
          value={name}
          maxLength={200}
          onChange={(e) => setName(e.target.value)}
          aria-invalid={nameError ? true : undefined}
          aria-describedby={describedBy("edit-bundle-name", { error: nameError })}
        />
      </Field>
      <Field id="edit-bundle-description" label="Description" hint="Markdown; sent to the agent when the bundle is loaded.">
        <TextArea
          id="edit-bundle-description"
          rows={4}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          aria-describedby={describedBy("edit-bundle-description", { hint: true })}
        />
      </Field>
      {update.isError && !nameError ? <ErrorAlert>{update.error.message}</ErrorAlert> : null}
      <div className="flex gap-2">
        <Button type="submit" disabled={update.isPending || !name.trim()}>
          {update.isPending ? "Saving…" : "Save"}
        </Button>
        <Button variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** "SPEC-99 does not exist, so it was not added; the other 2 were." */
export function refusedMessage(refused: string[], added: number): string {
  const names = refused.join(", ");
  const them = refused.length === 1 ? `${names} does not exist, so it was not added` : `${names} do not exist, so they were not added`;
  return added > 0 ? `${them}; the ${added === 1 ? "other one was" : `other ${added} were`}.` : `${them}.`;
}

function BundleItems({ bundle }: { bundle: Bundle }) {
  const setItems = useSetBundleItems(bundle.id);
  const addItems = useAddBundleItems(bundle.id);
  const [text, setText] = useState("");
  const [inputError, setInputError] = useState<string | null>(null);
  const addError = inputError ?? (addItems.isError ? addItems.error.message : null);

  const add = () => {
    const raw = text.split(/[\s,]+/).filter(Boolean);
    if (raw.length === 0) {
      setInputError(`Type one or more ids: ${BUNDLE_ITEM_HINT}`);
      return;
    }
    const bad = raw.filter((r) => !parseItemRef(r));
    if (bad.length) {
      setInputError(`Not ${bad.length === 1 ? "an item id" : "item ids"}: ${bad.join(", ")}. Use ${BUNDLE_ITEM_HINT}.`);
      return;
    }
    setInputError(null);
    addItems.mutate(raw, {
      onSuccess: ({ refused }) => {
        // What was refused stays in the box, named, for the person to fix; the rest was added.
        setText(refused.join(" "));
        if (refused.length) setInputError(refusedMessage(refused, raw.length - refused.length));
      },
    });
  };

  return (
    <Section id="items-heading" title="Items" count={bundle.itemCount}>
      <BundleItemList items={bundle.items} disabled={setItems.isPending} onChange={(next) => setItems.mutate(next)} />
      {setItems.isError ? <ErrorAlert title="The change was not saved">{setItems.error.message}</ErrorAlert> : null}
      <form
        aria-label="Add items"
        className="flex flex-col gap-2 sm:flex-row sm:items-start"
        onSubmit={(event) => {
          event.preventDefault();
          add();
        }}
      >
        <div className="flex-1 space-y-1">
          <label htmlFor="add-items" className="block text-sm font-medium">
            Add by id
          </label>
          <TextInput
            id="add-items"
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              setInputError(null);
            }}
            placeholder="SESS-1 SPEC-2 ISSUE-3 a1b2c3d"
            aria-invalid={addError ? true : undefined}
            aria-describedby={addError ? "add-items-error" : "add-items-hint"}
          />
          {addError ? (
            <p id="add-items-error" className="text-sm text-red-700 dark:text-red-400">
              {addError}
            </p>
          ) : (
            <p id="add-items-hint" className="text-xs text-zinc-500 dark:text-zinc-400">
              {BUNDLE_ITEM_HINT}; several at once, separated by spaces.
            </p>
          )}
        </div>
        <Button type="submit" variant="secondary" className="sm:mt-6" disabled={addItems.isPending}>
          {addItems.isPending ? "Adding…" : "Add"}
        </Button>
      </form>
    </Section>
  );
}

function LoadContext({ bundle }: { bundle: Bundle }) {
  const router = useRouter();
  const load = useLoadBundle(bundle.id);
  const [prompt, setPrompt] = useState("");
  const [error, setError] = useState<string | null>(null);
  const hasSession = bundle.counts.session > 0;
  const submit = () => {
    if (!prompt.trim()) {
      setError("Write a prompt for the agent");
      return;
    }
    setError(null);
    load.mutate(prompt, { onSuccess: (result) => router.push(executionHref(result.execution.id)) });
  };
  return (
    <section
      aria-labelledby="load-heading"
      className="space-y-3 rounded-lg border border-emerald-200 bg-emerald-50/40 px-5 py-4 dark:border-emerald-900/60 dark:bg-emerald-950/20"
    >
      <h2 id="load-heading" className="text-lg font-semibold">
        Load context
      </h2>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        {hasSession
          ? "Continues the bundle's most recently active session."
          : bundle.counts.issue > 0
            ? "Starts a new execution on the bundle's first issue (the bundle has no session)."
            : "Add a session or an issue first: loading needs a session to continue or an issue to run on."}{" "}
        The agent gets the current text of the bundle's specs and issues and the list of its commits, then your prompt.
      </p>
      <form
        aria-label="Load context"
        className="space-y-2"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <label htmlFor="load-prompt" className="block text-sm font-medium">
          Prompt
        </label>
        <textarea
          id="load-prompt"
          rows={3}
          value={prompt}
          onChange={(e) => setPrompt(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter" && (e.metaKey || e.ctrlKey)) e.currentTarget.form?.requestSubmit();
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "load-prompt-error" : undefined}
          placeholder="What should the agent do with this context?"
          className={`${controlClasses} border-zinc-300 py-2 dark:border-zinc-700`}
        />
        {error ? (
          <p id="load-prompt-error" className="text-sm text-red-700 dark:text-red-400">
            {error}
          </p>
        ) : null}
        {load.isError ? <ErrorAlert title="Could not load the context">{load.error.message}</ErrorAlert> : null}
        <Button type="submit" disabled={load.isPending}>
          {load.isPending ? "Loading…" : "Load context"}
        </Button>
      </form>
    </section>
  );
}

function DeleteBundle({ bundle }: { bundle: Bundle }) {
  const router = useRouter();
  const remove = useDeleteBundle();
  const keeps = "Only the bundle goes; the sessions, specs and issues it names stay.";
  return (
    <DangerZone
      title="Delete this bundle"
      explanation={keeps}
      openLabel="Delete bundle…"
      question={`Delete ${bundle.id}? ${keeps}`}
      confirmLabel={`Delete ${bundle.id}`}
      pending={remove.isPending}
      error={remove.isError ? remove.error.message : null}
      onConfirm={() => remove.mutate(bundle.id, { onSuccess: () => router.push("/bundles") })}
    />
  );
}
