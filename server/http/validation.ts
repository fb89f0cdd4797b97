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
 * The largest request body any endpoint reads: far above the largest valid
 * one (a 200,000-character prompt), and below what Next's proxy buffers
 * (10 MB), which would silently cut a longer body short.
 */
export const MAX_REQUEST_BODY_BYTES = 2 * 1024 * 1024;

function tooLarge(bytes: string): AppError {
  return {
    code: "payload_too_large",
    message: `Request body is too large (${bytes}): the limit is ${MAX_REQUEST_BODY_BYTES / 1024 / 1024} MiB (${MAX_REQUEST_BODY_BYTES.toLocaleString("en-US")} bytes)`,
    details: { limitBytes: MAX_REQUEST_BODY_BYTES },
  };
}

/** The body as text, read no further than the limit (the declared length is checked first). */
export async function readBodyText(request: Request): Promise<Result<string>> {
  const declared = Number(request.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > MAX_REQUEST_BODY_BYTES) return err(tooLarge(`${declared.toLocaleString("en-US")} bytes`));
  if (!request.body) return ok("");
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > MAX_REQUEST_BODY_BYTES) {
        await reader.cancel().catch(() => {});
        return err(tooLarge("more than that"));
      }
      chunks.push(value);
    }
  } catch {
    return err({ code: "bad_request", message: "Could not read the request body" });
  }
  return ok(Buffer.concat(chunks).toString("utf8"));
}

/**
 * Reads a JSON request body and validates it. Over the size limit → 413
 * payload_too_large; unreadable JSON → 400 bad_request (an empty body too,
 * unless `whenEmpty` says what it means); invalid fields → 422 validation_failed.
 */
export async function readJson<S extends z.ZodType>(request: Request, schema: S, options: { whenEmpty?: unknown } = {}): Promise<Result<z.output<S>>> {
  const body = await readBodyText(request);
  if (!body.ok) return body;
  const text = body.value;
  if (text.trim() === "") {
    if ("whenEmpty" in options) return validate(schema, options.whenEmpty);
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
