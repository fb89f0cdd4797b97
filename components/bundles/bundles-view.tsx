"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useRef, useState } from "react";
import { ErrorAlert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field, TextArea, TextInput, describedBy } from "@/components/ui/field";
import { PageHeader } from "@/components/ui/page-header";
import { QueryList } from "@/components/ui/query-gate";
import { Section } from "@/components/ui/section";
import { EmptyState } from "@/components/ui/states";
import { RelativeTime } from "@/components/ui/time";
import { isApiError } from "@/lib/api-error";
import { ENTITY_TYPE_LABELS, BUNDLE_ENTITY_TYPES } from "@/lib/bundles/items";
import type { BundleSummary } from "@/lib/bundles/schema";
import { useBundles, useCreateBundle, useImportBundle } from "@/lib/bundles/hooks";

/** /bundles: the bundles, a form to make one, and importing an exported one. */
export function BundlesView() {
  const bundles = useBundles();
  return (
    <div className="space-y-8">
      <PageHeader title="Bundles" description="Named collections of sessions, specs, issues and commits. Load one to give an agent all of it as context." />
      <div className="grid gap-4 md:grid-cols-2">
        <NewBundleForm />
        <ImportBundle />
      </div>
      <Section id="bundles-heading" title="All bundles">
        <QueryList
          query={bundles}
          noun="bundles"
          empty={<EmptyState title="No bundles yet">Create one above, or import a bundle someone exported.</EmptyState>}
        >
          {(items) => <BundleList bundles={items} />}
        </QueryList>
      </Section>
    </div>
  );
}

function counts(bundle: BundleSummary): string {
  const parts = BUNDLE_ENTITY_TYPES.filter((t) => bundle.counts[t] > 0).map(
    (t) => `${bundle.counts[t]} ${ENTITY_TYPE_LABELS[t].toLowerCase()}${bundle.counts[t] === 1 ? "" : "s"}`,
  );
  return parts.length ? parts.join(" · ") : "empty";
}

function BundleList({ bundles }: { bundles: BundleSummary[] }) {
  return (
    <ul
      aria-label="Bundles"
      className="divide-y divide-zinc-200 overflow-hidden rounded-lg border border-zinc-200 bg-white shadow-sm dark:divide-zinc-800 dark:border-zinc-800 dark:bg-zinc-900"
    >
      {bundles.map((bundle) => (
        <li key={bundle.id} className="flex flex-col gap-1 px-4 py-3 sm:flex-row sm:items-center sm:gap-4">
          <div className="flex min-w-0 flex-1 items-baseline gap-2">
            <span className="shrink-0 font-mono text-xs text-zinc-500 dark:text-zinc-400">{bundle.id}</span>
            <Link
              href={`/bundles/${bundle.id}`}
              className="min-w-0 truncate font-medium hover:underline focus-visible:outline-2 focus-visible:outline-emerald-600"
            >
              {bundle.name}
            </Link>
          </div>
          <div className="flex flex-wrap items-center gap-3 text-xs text-zinc-500 dark:text-zinc-400">
            <span>{counts(bundle)}</span>
            <span className="whitespace-nowrap">
              updated <RelativeTime iso={bundle.updatedAt} />
            </span>
          </div>
        </li>
      ))}
    </ul>
  );
}

function NewBundleForm() {
  const router = useRouter();
  const create = useCreateBundle();
  const [name, setName] = useState("");
  const [description, setDescription] = useState("");
  const [nameError, setNameError] = useState<string | undefined>();
  const nameInput = useRef<HTMLInputElement>(null);
  const serverNameError = isApiError(create.error) ? create.error.fieldErrors.name?.[0] : undefined;
  const error = nameError ?? serverNameError;

  return (
    <form
      aria-labelledby="new-bundle-heading"
      className="space-y-3 rounded-lg border border-zinc-200 bg-white p-4 shadow-sm dark:border-zinc-800 dark:bg-zinc-900"
      onSubmit={(event) => {
        event.preventDefault();
        if (!name.trim()) {
          setNameError("Name is required");
          nameInput.current?.focus();
          return;
        }
        setNameError(undefined);
        create.mutate({ name, description }, { onSuccess: (bundle) => router.push(`/bundles/${bundle.id}`) });
      }}
    >
      <h2 id="new-bundle-heading" className="font-semibold">
        New bundle
      </h2>
      <Field id="bundle-name" label="Name" error={error}>
        <TextInput
          ref={nameInput}
          id="bundle-name"
          value={name}
          maxLength={200}
          onChange={(e) => setName(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy("bundle-name", { error })}
          placeholder="Auth feature context"
        />
      </Field>
      <Field id="bundle-description" label="Description" hint="Optional. Markdown; sent to the agent with the bundle.">
        <TextArea
          id="bundle-description"
          rows={2}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          aria-describedby={describedBy("bundle-description", { hint: true })}
        />
      </Field>
      {create.isError && !serverNameError ? <ErrorAlert>{create.error.message}</ErrorAlert> : null}
      <Button type="submit" disabled={create.isPending}>
        {create.isPending ? "Creating…" : "Create bundle"}
      </Button>
    </form>
  );
}

function ImportBundle() {
  const router = useRouter();
  const importBundle = useImportBundle();
  const [readError, setReadError] = useState<string | null>(null);
  const unknown = isApiError(importBundle.error) ? (importBundle.error.details?.unknownReferences as string[] | undefined) : undefined;

  return (
    <section
      aria-labelledby="import-heading"
      className="space-y-3 rounded-lg border border-zinc-200 bg-white p-4 shadow-sm dark:border-zinc-800 dark:bg-zinc-900"
    >
      <h2 id="import-heading" className="font-semibold">
        Import a bundle
      </h2>
      <Field id="bundle-import" label="Bundle file (.json)" hint="A file from Export. It becomes a new bundle here; every id in it must exist in this Arbor.">
        <input
          id="bundle-import"
          type="file"
          accept="application/json,.json"
          aria-describedby={describedBy("bundle-import", { hint: true })}
          className="block w-full text-sm text-zinc-700 file:mr-3 file:rounded-md file:border file:border-zinc-300 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-medium hover:file:bg-zinc-50 dark:text-zinc-300 dark:file:border-zinc-700 dark:file:bg-zinc-900"
          disabled={importBundle.isPending}
          onChange={async (event) => {
            const input = event.currentTarget;
            const file = input.files?.[0];
            if (!file) return;
            setReadError(null);
            importBundle.reset();
            let document: unknown;
            try {
              document = JSON.parse(await file.text());
            } catch {
              setReadError(`${file.name} is not a JSON file exported from Arbor.`);
              input.value = "";
              return;
            }
            importBundle.mutate(document, {
              onSuccess: (bundle) => router.push(`/bundles/${bundle.id}`),
              onSettled: () => {
                input.value = "";
              },
            });
          }}
        />
      </Field>
      {importBundle.isPending ? (
        <p role="status" className="text-sm text-zinc-600">
          Importing…
        </p>
      ) : null}
      {readError ? <ErrorAlert>{readError}</ErrorAlert> : null}
      {importBundle.isError ? (
        <ErrorAlert title="Nothing was imported">
          {unknown?.length ? `These ids do not exist here: ${unknown.join(", ")}.` : importBundle.error.message}
        </ErrorAlert>
      ) : null}
    </section>
  );
}
