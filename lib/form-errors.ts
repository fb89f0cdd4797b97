import type { z } from "zod";
import { isApiError } from "@/lib/api-error";
import { summarizeZodError } from "@/lib/schemas/common";

/** First message per field, for showing next to form fields. */
export type FormFieldErrors = Partial<Record<string, string>>;

export function fieldErrorsFromZod(error: z.ZodError): FormFieldErrors {
  const { fieldErrors } = summarizeZodError(error);
  return Object.fromEntries(Object.entries(fieldErrors).map(([k, v]) => [k, v[0]]));
}

export function fieldErrorsFromApi(error: unknown): FormFieldErrors {
  if (!isApiError(error)) return {};
  return Object.fromEntries(Object.entries(error.fieldErrors).map(([k, v]) => [k, v[0]]));
}

export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  return "Something went wrong";
}
