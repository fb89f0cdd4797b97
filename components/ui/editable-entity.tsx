"use client";

import { useState, type ReactNode } from "react";
import { EntityHeader } from "@/components/ui/page-header";

/**
 * An entity's page (a spec, an issue, a session) that a person edits in
 * place: its header with an Edit button, and its description, which the
 * entity's form replaces while it is open ("Edit SPEC-1" in the header). The
 * page lays out the rest around the description (`children` places it).
 */
export function EditableEntity({
  list,
  id,
  title,
  editLabel,
  actions,
  meta,
  view,
  form,
  className = "space-y-8",
  children = (description) => description,
}: {
  list: { label: string; href: string };
  id: string;
  title: string;
  editLabel: string;
  /** Buttons beside Edit (hidden while editing). */
  actions?: ReactNode;
  /** Its facts under the title (badges, dates); a function when they depend on whether it is being edited. */
  meta?: ReactNode | ((editing: boolean) => ReactNode);
  /** The description as shown (Markdown). */
  view: ReactNode;
  /** The form, given what closes it (after saving, or on Cancel). */
  form: (close: () => void) => ReactNode;
  className?: string;
  children?: (description: ReactNode, editing: boolean) => ReactNode;
}) {
  const [editing, setEditing] = useState(false);
  const description = editing ? (
    form(() => setEditing(false))
  ) : (
    <section aria-label="Description" className="rounded-lg border border-zinc-200 bg-white px-5 py-4 shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
      {view}
    </section>
  );
  return (
    <article className={className}>
      <EntityHeader list={list} id={id} title={title} editing={editing} onEdit={() => setEditing(true)} editLabel={editLabel} actions={actions}>
        {typeof meta === "function" ? meta(editing) : meta}
      </EntityHeader>
      {children(description, editing)}
    </article>
  );
}
