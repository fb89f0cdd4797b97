"use client";

import { useRef, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { ErrorAlert } from "@/components/ui/alert";
import { describedBy, Field, TextInput } from "@/components/ui/field";
import { MarkdownEditor } from "@/components/markdown-editor";
import { errorMessage, fieldErrorsFromApi, fieldErrorsFromZod, type FormFieldErrors } from "@/lib/form-errors";
import { BODY_MAX, TITLE_MAX } from "@/lib/schemas/common";
import { createSpecSchema, type CreateSpecData } from "@/lib/schemas/spec";

export interface SpecFormValues {
  title: string;
  body: string;
}

/**
 * Create/edit form for a spec. Validates with the API's own schema before
 * sending; API errors are shown with the API's message (and next to the field they concern).
 */
export function SpecForm({
  initialValues = { title: "", body: "" },
  submitLabel,
  pendingLabel = "Saving…",
  onSubmit,
  onCancel,
  idPrefix = "spec",
}: {
  initialValues?: SpecFormValues;
  submitLabel: string;
  pendingLabel?: string;
  onSubmit: (values: CreateSpecData) => Promise<unknown>;
  onCancel?: () => void;
  idPrefix?: string;
}) {
  const [values, setValues] = useState<SpecFormValues>(initialValues);
  const [errors, setErrors] = useState<FormFieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const titleRef = useRef<HTMLInputElement>(null);
  const ids = { title: `${idPrefix}-title`, body: `${idPrefix}-body` };

  const set = (field: keyof SpecFormValues) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const focusFirstError = (fieldErrors: FormFieldErrors) => {
    if (fieldErrors.title) titleRef.current?.focus();
    else if (fieldErrors.body) document.getElementById(ids.body)?.focus();
  };

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    setFormError(null);
    const parsed = createSpecSchema.safeParse(values);
    if (!parsed.success) {
      const fieldErrors = fieldErrorsFromZod(parsed.error);
      setErrors(fieldErrors);
      focusFirstError(fieldErrors);
      return;
    }
    setErrors({});
    setPending(true);
    try {
      await onSubmit(parsed.data);
    } catch (error) {
      const fieldErrors = fieldErrorsFromApi(error);
      setErrors(fieldErrors);
      setFormError(errorMessage(error));
      focusFirstError(fieldErrors);
    } finally {
      setPending(false);
    }
  }

  return (
    <form onSubmit={handleSubmit} noValidate className="space-y-5" aria-label={submitLabel}>
      {formError ? <ErrorAlert title="Could not save the spec">{formError}</ErrorAlert> : null}
      <Field id={ids.title} label="Title" error={errors.title}>
        <TextInput
          ref={titleRef}
          id={ids.title}
          name="title"
          value={values.title}
          onChange={(e) => set("title")(e.target.value)}
          aria-required="true"
          aria-invalid={errors.title ? true : undefined}
          aria-describedby={describedBy(ids.title, { error: errors.title })}
          maxLength={TITLE_MAX + 50}
          placeholder="What should be built?"
          autoComplete="off"
        />
      </Field>
      <Field id={ids.body} label="Description" error={errors.body}>
        <MarkdownEditor
          id={ids.body}
          name="body"
          value={values.body}
          onChange={set("body")}
          error={errors.body}
          maxLength={BODY_MAX + 1000}
          placeholder="Goals, requirements, constraints, acceptance criteria…"
          rows={14}
        />
      </Field>
      <div className="flex flex-wrap items-center gap-2">
        <Button type="submit" disabled={pending} aria-busy={pending || undefined}>
          {pending ? pendingLabel : submitLabel}
        </Button>
        {onCancel ? (
          <Button variant="ghost" onClick={onCancel} disabled={pending}>
            Cancel
          </Button>
        ) : null}
      </div>
    </form>
  );
}
