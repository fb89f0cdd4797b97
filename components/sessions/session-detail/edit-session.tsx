"use client";

// Renaming a session and editing its description.
import { useState, type FormEvent } from "react";
import { MarkdownEditor } from "@/components/markdown-editor";
import { ErrorAlert } from "@/components/ui/alert";
import { FormActions } from "@/components/ui/button";
import { Field, TextInput } from "@/components/ui/field";
import { isApiError } from "@/lib/api-error";
import { useUpdateSession } from "@/lib/sessions/hooks";
import { BODY_MAX, TITLE_MAX } from "@/lib/schemas/limits";
import type { SessionDetail } from "@/lib/sessions/schema";

export function EditSession({ session, onDone }: { session: SessionDetail; onDone: () => void }) {
  const update = useUpdateSession(session.id);
  const [title, setTitle] = useState(session.title);
  const [description, setDescription] = useState(session.description);
  const fieldErrors = isApiError(update.error) ? update.error.fieldErrors : {};
  const titleError = !title.trim() ? "Title is required" : fieldErrors.title?.[0];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!title.trim()) return;
    update.mutate({ title, description }, { onSuccess: onDone });
  };
  return (
    <form aria-label="Edit session" className="space-y-4" onSubmit={submit}>
      <Field id="session-title" label="Title" error={titleError}>
        <TextInput
          id="session-title"
          value={title}
          maxLength={TITLE_MAX}
          onChange={(e) => setTitle(e.target.value)}
          aria-invalid={titleError ? true : undefined}
        />
      </Field>
      <Field
        id="session-description"
        label="Description"
        error={fieldErrors.description?.[0]}
        hint="Markdown. Cite specs, issues and sessions as [[SPEC-1]], [[ISSUE-2]], [[SESS-3]]."
      >
        <MarkdownEditor id="session-description" value={description} onChange={setDescription} maxLength={BODY_MAX} rows={8} hint />
      </Field>
      {update.isError && !fieldErrors.title && !fieldErrors.description ? <ErrorAlert>{update.error.message}</ErrorAlert> : null}
      <FormActions pending={update.isPending} submitLabel="Save changes" onCancel={onDone} />
    </form>
  );
}
