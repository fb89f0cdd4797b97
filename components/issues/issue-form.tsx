"use client";

import { FormActions } from "@/components/ui/button";
import { ErrorAlert } from "@/components/ui/alert";
import { describedBy, Field, Select, TextInput } from "@/components/ui/field";
import { MarkdownEditor } from "@/components/markdown-editor";
import { ProjectSelect } from "@/components/project-fields/project-select";
import { useZodForm } from "@/lib/hooks/use-zod-form";
import { BODY_MAX, TITLE_MAX } from "@/lib/schemas/limits";
import { createIssueSchema, type CreateIssueData } from "@/lib/issues/schema";
import { ISSUE_PRIORITIES, ISSUE_STATUSES, PRIORITY_LABELS, STATUS_LABELS, type IssuePriority, type IssueStatus } from "@/lib/issues/constants";
import type { SpecRef } from "@/lib/specs/schema";

export type IssueFormValues = {
  title: string;
  body: string;
  status: IssueStatus;
  priority: IssuePriority;
  /** "" for no spec. */
  specId: string;
  /** "" for the default workspace. */
  projectId: string;
};

const FIELD_ORDER: Array<keyof IssueFormValues> = ["title", "projectId", "body", "status", "priority", "specId"];

/**
 * Create/edit form for an issue. With `showMeta` false only title and body are
 * shown (the issue page edits status/priority/spec/project in its side panel).
 * The project is where its runs go (a worktree per line of work in git).
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
  const id = (field: keyof IssueFormValues) => `${idPrefix}-${field}`;
  const { values, set, errors, formError, pending, handleSubmit } = useZodForm({
    schema: createIssueSchema,
    initialValues: { title: "", body: "", status: "open", priority: "medium", specId: "", projectId: "", ...initialValues },
    onSubmit,
    fieldOrder: FIELD_ORDER,
    fieldId: id,
  });

  // The selected spec must be offered even before the list loads (or if it no longer exists).
  const specOptions =
    values.specId && !specs.some((s) => s.id === values.specId)
      ? [{ id: values.specId, title: specsLoading ? "Loading…" : "(unknown spec)" }, ...specs]
      : specs;

  const metaSelect = (field: "status" | "priority" | "specId", label: string, options: { value: string; label: string }[]) => (
    <Field id={id(field)} label={label} error={errors[field]}>
      <Select
        id={id(field)}
        name={field}
        value={values[field]}
        onChange={(e) => set(field)(e.target.value)}
        aria-invalid={errors[field] ? true : undefined}
        aria-describedby={describedBy(id(field), { error: errors[field] })}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </Select>
    </Field>
  );

  return (
    <form onSubmit={handleSubmit} noValidate className="space-y-5" aria-label={submitLabel}>
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
        <ProjectSelect
          id={id("projectId")}
          value={values.projectId}
          onChange={set("projectId")}
          error={errors.projectId}
          hint="Where its runs go: in a git project each line of work gets a worktree of its own."
        />
      ) : null}
      {showMeta ? (
        <div className="grid gap-4 sm:grid-cols-3">
          {metaSelect(
            "status",
            "Status",
            ISSUE_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] })),
          )}
          {metaSelect(
            "priority",
            "Priority",
            ISSUE_PRIORITIES.map((p) => ({ value: p, label: PRIORITY_LABELS[p] })),
          )}
          {metaSelect("specId", "Spec (optional)", [
            { value: "", label: "No spec" },
            ...specOptions.map((s) => ({ value: s.id, label: `${s.id} · ${s.title}` })),
          ])}
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
      <FormActions pending={pending} submitLabel={submitLabel} pendingLabel={pendingLabel} onCancel={onCancel} />
    </form>
  );
}
