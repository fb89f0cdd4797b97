"use client";

// A form's state and submit, validated by the same zod schema the API uses:
// field errors from the schema (or from the API's 422) are shown next to their
// fields and the first one in `fieldOrder` gets focus; anything else becomes
// the form's error message.
import { useState, type FormEvent } from "react";
import type { z } from "zod";
import { errorMessage, fieldErrorsFromApi, fieldErrorsFromZod, type FormFieldErrors } from "@/lib/form-errors";

export type ZodFormOptions<V extends Record<string, string>, S extends z.ZodType> = {
  schema: S;
  initialValues: V;
  /** Gets the parsed values; a throw (e.g. an ApiError) is shown on the form. */
  onSubmit: (data: z.output<S>) => Promise<unknown>;
  /** Fields in the order they appear: the first with an error gets focus. */
  fieldOrder: readonly (keyof V & string)[];
  /** The element id of a field (to focus it). */
  fieldId: (field: keyof V & string) => string;
};

export function useZodForm<V extends Record<string, string>, S extends z.ZodType>({
  schema,
  initialValues,
  onSubmit,
  fieldOrder,
  fieldId,
}: ZodFormOptions<V, S>) {
  const [values, setValues] = useState<V>(initialValues);
  const [errors, setErrors] = useState<FormFieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  /** A setter for one field; editing a field clears its error. */
  const set = (field: keyof V & string) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const showErrors = (fieldErrors: FormFieldErrors) => {
    setErrors(fieldErrors);
    const first = fieldOrder.find((f) => fieldErrors[f]);
    if (first) document.getElementById(fieldId(first))?.focus();
  };

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    setFormError(null);
    const parsed = schema.safeParse(values);
    if (!parsed.success) {
      showErrors(fieldErrorsFromZod(parsed.error));
      return;
    }
    setErrors({});
    setPending(true);
    try {
      await onSubmit(parsed.data);
    } catch (error) {
      setFormError(errorMessage(error));
      showErrors(fieldErrorsFromApi(error));
    } finally {
      setPending(false);
    }
  }

  return { values, set, errors, formError, pending, handleSubmit };
}
