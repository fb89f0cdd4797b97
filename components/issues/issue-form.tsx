"use client";

import { useRef, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { ErrorAlert } from "@/components/ui/alert";
import { describedBy, Field, Select, TextInput } from "@/components/ui/field";
import { MarkdownEditor } from "@/components/markdown-editor";
import { errorMessage, fieldErrorsFromApi, fieldErrorsFromZod, type FormFieldErrors } from "@/lib/form-errors";
import { BODY_MAX, TITLE_MAX } from "@/lib/schemas/common";
import {
  createIssueSchema,
  ISSUE_PRIORITIES,
  ISSUE_STATUSES,
  PRIORITY_LABELS,
  STATUS_LABELS,
  type CreateIssueData,
  type IssuePriority,
  type IssueStatus,
} from "@/lib/schemas/issue";
import type { SpecRef } from "@/lib/types";

export interface IssueFormValues {
  title: string;
  body: string;
  status: IssueStatus;
  priority: IssuePriority;
  /** "" for no spec. */
  specId: string;
}

const FIELD_ORDER: Array<keyof IssueFormValues> = ["title", "body", "status", "priority", "specId"];

/**
 * Create/edit form for an issue. With `showMeta` false only title and body are
 * shown (the issue page edits status/priority/spec in its side panel).
 */
export function IssueForm({
  initialValues,
  specs,
  specsLoading = false,
  showMeta = true,
  submitLabel,
  pendingLabel = "Saving…",
  onSubmit,
  onCancel,
  idPrefix = "issue",
}: {
  initialValues?: Partial<IssueFormValues>;
  /** Specs offered by the spec picker. */
  specs: SpecRef[];
  specsLoading?: boolean;
  showMeta?: boolean;
  submitLabel: string;
  pendingLabel?: string;
  onSubmit: (values: CreateIssueData) => Promise<unknown>;
  onCancel?: () => void;
  idPrefix?: string;
}) {
  const [values, setValues] = useState<IssueFormValues>({
    title: "",
    body: "",
    status: "open",
    priority: "medium",
    specId: "",
    ...initialValues,
  });
  const [errors, setErrors] = useState<FormFieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const id = (field: keyof IssueFormValues) => `${idPrefix}-${field}`;

  const set = (field: keyof IssueFormValues) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const focusFirstError = (fieldErrors: FormFieldErrors) => {
    const first = FIELD_ORDER.find((f) => fieldErrors[f]);
    if (first) document.getElementById(id(first))?.focus();
  };

  // The selected spec must be offered even before the list loads (or if it no longer exists).
  const specOptions =
    values.specId && !specs.some((s) => s.id === values.specId)
      ? [{ id: values.specId, title: specsLoading ? "Loading…" : "(unknown spec)" }, ...specs]
      : specs;

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    setFormError(null);
    const parsed = createIssueSchema.safeParse(values);
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
    <form ref={formRef} onSubmit={handleSubmit} noValidate className="space-y-5" aria-label={submitLabel}>
      {formError ? <ErrorAlert title="Could not save the issue">{formError}</ErrorAlert> : null}
      <Field id={id("title")} label="Title" error={errors.title}>
        <TextInput
          id={id("title")}
          name="title"
          value={values.title}
          onChange={(e) => set("title")(e.target.value)}
          aria-required="true"
          aria-invalid={errors.title ? true : undefined}
          aria-describedby={describedBy(id("title"), { error: errors.title })}
          maxLength={TITLE_MAX + 50}
          placeholder="What needs to be done?"
          autoComplete="off"
        />
      </Field>
      {showMeta ? (
        <div className="grid gap-4 sm:grid-cols-3">
          <Field id={id("status")} label="Status" error={errors.status}>
            <Select
              id={id("status")}
              name="status"
              value={values.status}
              onChange={(e) => set("status")(e.target.value)}
              aria-invalid={errors.status ? true : undefined}
              aria-describedby={describedBy(id("status"), { error: errors.status })}
            >
              {ISSUE_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {STATUS_LABELS[s]}
                </option>
              ))}
            </Select>
          </Field>
          <Field id={id("priority")} label="Priority" error={errors.priority}>
            <Select
              id={id("priority")}
              name="priority"
              value={values.priority}
              onChange={(e) => set("priority")(e.target.value)}
              aria-invalid={errors.priority ? true : undefined}
              aria-describedby={describedBy(id("priority"), { error: errors.priority })}
            >
              {ISSUE_PRIORITIES.map((p) => (
                <option key={p} value={p}>
                  {PRIORITY_LABELS[p]}
                </option>
              ))}
            </Select>
          </Field>
          <Field id={id("specId")} label="Spec (optional)" error={errors.specId}>
            <Select
              id={id("specId")}
              name="specId"
              value={values.specId}
              onChange={(e) => set("specId")(e.target.value)}
              aria-invalid={errors.specId ? true : undefined}
              aria-describedby={describedBy(id("specId"), { error: errors.specId })}
            >
              <option value="">No spec</option>
              {specOptions.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.id} · {s.title}
                </option>
              ))}
            </Select>
          </Field>
        </div>
      ) : null}
      <Field id={id("body")} label="Description" error={errors.body}>
        <MarkdownEditor
          id={id("body")}
          name="body"
          value={values.body}
          onChange={set("body")}
          error={errors.body}
          maxLength={BODY_MAX + 1000}
          placeholder="Context, steps, acceptance criteria…"
          rows={12}
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
