// A small Result type for expected failures. Services return these instead of
// throwing; route handlers turn them into HTTP responses (server/http).
// Throw only for the unexpected (bugs, lost database connections, …).

/** Machine-readable error codes shared by the API, its clients and services. */
export type ErrorCode =
  | "bad_request" // 400: the request itself is unreadable (e.g. malformed JSON)
  | "not_found" // 404
  | "conflict" // 409: the request clashes with the current state
  | "payload_too_large" // 413: the request body is over the size limit
  | "validation_failed" // 422: well-formed but invalid input
  | "internal" // 500
  | "bad_gateway"; // 502: a service Arbor relies on (a forge's API) failed or refused Arbor

/** Per-field messages, keyed by field name ("title", "specId", …). */
export type FieldErrors = Record<string, string[]>;

export interface AppError {
  code: ErrorCode;
  /** A sentence a person understands, e.g. "title: Title is required". */
  message: string;
  /** Extra machine-readable context (e.g. { fieldErrors } or { issueCount }). */
  details?: Record<string, unknown>;
}

export type Ok<T> = { ok: true; value: T };
export type Err<E> = { ok: false; error: E };
export type Result<T, E = AppError> = Ok<T> | Err<E>;

export const ok = <T>(value: T): Ok<T> => ({ ok: true, value });
export const err = <E = AppError>(error: E): Err<E> => ({ ok: false, error });

export const notFound = (message: string, details?: Record<string, unknown>): Err<AppError> => err({ code: "not_found", message, details });

export const conflict = (message: string, details?: Record<string, unknown>): Err<AppError> => err({ code: "conflict", message, details });

/** A 422 about one field, shaped like zod-derived validation errors so forms can show it next to the field. */
export const invalidField = (field: string, message: string): Err<AppError> =>
  err({
    code: "validation_failed",
    message: `${field}: ${message}`,
    details: { fieldErrors: { [field]: [message] }, formErrors: [] },
  });
