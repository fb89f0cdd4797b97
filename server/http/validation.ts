import "server-only";
import type { z } from "zod";
import { err, ok, type AppError, type Result } from "@/lib/result";
import { summarizeZodError } from "@/lib/schemas/common";

/** A 422 error carrying a readable message ("title: Title is required") and per-field details. */
export function validationError(error: z.ZodError): AppError {
  const { message, fieldErrors, formErrors } = summarizeZodError(error);
  return { code: "validation_failed", message, details: { fieldErrors, formErrors } };
}

/** Validates any value against a schema; failures become a 422 AppError. */
export function validate<S extends z.ZodType>(schema: S, value: unknown): Result<z.output<S>> {
  const parsed = schema.safeParse(value);
  return parsed.success ? ok(parsed.data) : err(validationError(parsed.error));
}

/**
 * Reads a JSON request body and validates it.
 * Unreadable JSON → 400 bad_request; invalid fields → 422 validation_failed.
 */
export async function readJson<S extends z.ZodType>(request: Request, schema: S): Promise<Result<z.output<S>>> {
  let text: string;
  try {
    text = await request.text();
  } catch {
    return err({ code: "bad_request", message: "Could not read the request body" });
  }
  if (text.trim() === "") {
    return err({ code: "bad_request", message: "Request body is empty: send a JSON object" });
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    const reason = e instanceof Error ? e.message : "syntax error";
    return err({ code: "bad_request", message: `Request body is not valid JSON (${reason})` });
  }
  return validate(schema, value);
}

/** Validates the query string (last value wins for repeated keys). Invalid values → 422. */
export function readQuery<S extends z.ZodType>(request: Request, schema: S): Result<z.output<S>> {
  const params = new URL(request.url).searchParams;
  return validate(schema, Object.fromEntries(params.entries()));
}
