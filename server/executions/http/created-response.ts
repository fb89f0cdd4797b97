import "server-only";
import type { Result } from "@/lib/result";
import type { Created } from "@/server/executions/create-execution";
import { errorResponse, json } from "@/server/http/responses";

/** 201 with the execution; a replayed Idempotency-Key returns the same execution, marked. */
export function createdResponse(result: Result<Created>): Response {
  if (!result.ok) return errorResponse(result.error);
  return json(result.value.execution, 201, result.value.replayed ? { "Idempotent-Replayed": "true" } : undefined);
}

export function idempotencyKeyOf(request: Request): string | null {
  const key = request.headers.get("idempotency-key")?.trim();
  return key ? key.slice(0, 200) : null;
}
