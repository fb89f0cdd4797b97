// The one error a non-2xx API answer becomes, in the UI and in the CLI. The
// API answers every error as { error: { code, message, details? } }; anything
// else (a proxy's page, a framework 404) becomes a status line.
import type { FieldErrors } from "@/lib/result";

export class ApiError extends Error {
  constructor(
    message: string,
    /** HTTP status; 0 when the server could not be reached. */
    readonly status: number,
    /** The API's error code ("validation_failed", "not_found", …), or "http_error" / "network_error". */
    readonly code: string,
    readonly details?: Record<string, unknown>,
    /** True when the body carried the API's error shape (not e.g. a framework 404 page). */
    readonly fromApi: boolean = true,
  ) {
    super(message);
    this.name = "ApiError";
  }

  /** Per-field messages from a 422 ({ details: { fieldErrors } }), or {}. */
  get fieldErrors(): FieldErrors {
    const fe = this.details?.fieldErrors;
    return fe && typeof fe === "object" ? (fe as FieldErrors) : {};
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** The ApiError for an error answer, from its status line and parsed body (undefined when not JSON). */
export function apiErrorFrom(response: { status: number; statusText?: string }, body: unknown, statusLine: string): ApiError {
  const error = body && typeof body === "object" ? (body as { error?: unknown }).error : undefined;
  if (error && typeof error === "object" && typeof (error as { message?: unknown }).message === "string") {
    const e = error as { code?: unknown; message: string; details?: unknown };
    const details = e.details && typeof e.details === "object" ? (e.details as Record<string, unknown>) : undefined;
    return new ApiError(e.message, response.status, typeof e.code === "string" ? e.code : "http_error", details);
  }
  if (typeof error === "string") return new ApiError(error, response.status, "http_error");
  return new ApiError(statusLine, response.status, "http_error", undefined, false);
}
