"use client";

import { FormActions } from "@/components/ui/button";
import { ErrorAlert } from "@/components/ui/alert";
import { describedBy, Field, TextInput } from "@/components/ui/field";
import { MarkdownEditor } from "@/components/markdown-editor";
import { ProjectSelect } from "@/components/project-fields/project-select";
import { useZodForm } from "@/lib/hooks/use-zod-form";
import { BODY_MAX, TITLE_MAX } from "@/lib/schemas/limits";
import { createSpecSchema, type CreateSpecData } from "@/lib/specs/schema";

export type SpecFormValues = {
  title: string;
  body: string;
  /** "" for the default workspace. */
  projectId: string;
};

/**
 * Create/edit form for a spec, with the project it belongs to. Validates with
 * the API's own schema before sending; API errors are shown with the API's
 * message (and next to the field they concern).
 */
export function SpecForm({
  initialValues = { title: "", body: "", projectId: "" },
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
  const ids = { title: `${idPrefix}-title`, body: `${idPrefix}-body`, projectId: `${idPrefix}-project` };
  const { values, set, errors, formError, pending, handleSubmit } = useZodForm({
    schema: createSpecSchema,
    initialValues,
    onSubmit,
    fieldOrder: ["title", "projectId", "body"],
    fieldId: (field) => ids[field],
  });

  return (
    <form onSubmit={handleSubmit} noValidate className="space-y-5" aria-label={submitLabel}>
      {formError ? <ErrorAlert title="Could not save the spec">{formError}</ErrorAlert> : null}
      <Field id={ids.title} label="Title" error={errors.title}>
        <TextInput
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
      <ProjectSelect id={ids.projectId} value={values.projectId} onChange={set("projectId")} error={errors.projectId} />
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
      <FormActions pending={pending} submitLabel={submitLabel} pendingLabel={pendingLabel} onCancel={onCancel} />
    </form>
  );
}
