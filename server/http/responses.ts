import "server-only";
import type { AppError, ErrorCode, Result } from "@/lib/result";
import type { ApiErrorBody } from "@/lib/schemas/common";

/** HTTP status for each error code. */
export const STATUS_BY_CODE: Record<ErrorCode, number> = {
  bad_request: 400,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  validation_failed: 422,
  internal: 500,
};

/** A JSON success response. */
export function json<T>(data: T, status = 200, headers?: HeadersInit): Response {
  return Response.json(data, { status, headers });
}

/** A JSON error response: { error: { code, message, details? } }. */
export function jsonError(status: number, code: ErrorCode | (string & {}), message: string, details?: Record<string, unknown>): Response {
  const body: ApiErrorBody = {
    error: { code: code as ErrorCode, message, ...(details === undefined ? {} : { details }) },
  };
  return Response.json(body, { status });
}

/** The response for an expected failure returned by a service. */
export function errorResponse(error: AppError): Response {
  return jsonError(STATUS_BY_CODE[error.code] ?? 500, error.code, error.message, error.details);
}

/** Turns a service Result into a response: the value as JSON (status 200 by default) or the error. */
export function resultResponse<T>(result: Result<T>, status = 200): Response {
  return result.ok ? json(result.value, status) : errorResponse(result.error);
}
