import "server-only";
import { ZodError } from "zod";
import { guardResponse } from "@/server/security/guard-response";
import { errorResponse, jsonError } from "./responses";
import { validationError } from "./validation";

/** The message a client sees for an unexpected failure; details go to the server log only. */
export const INTERNAL_ERROR_MESSAGE = "Something went wrong on the server. The error was logged; please try again.";

/**
 * Every API route handler is wrapped in this (a unit test holds every
 * app/api route to it). First the request guard (CSRF, DNS rebinding, the
 * access token: server/security/guard-response.ts), which for pages runs in
 * proxy.ts; then the handler, with unexpected throws turned into a 500 with a
 * safe message (the real error is logged, never sent). A thrown ZodError
 * becomes a 422 and a JSON SyntaxError a 400, so handlers may also validate
 * by throwing.
 *
 *   export const GET = apiRoute(async (request, { params }: { params: Promise<{ id: string }> }) => …);
 */
export function apiRoute<Ctx = unknown>(
  handler: (request: Request, context: Ctx) => Promise<Response> | Response,
  options: { ownCredential?: boolean } = {},
): (request: Request, context: Ctx) => Promise<Response> {
  return async (request, context) => {
    try {
      const denied = guardResponse(request, options);
      if (denied) return denied;
      return await handler(request, context);
    } catch (error) {
      if (error instanceof ZodError) return errorResponse(validationError(error));
      if (isJsonSyntaxError(error)) {
        return jsonError(400, "bad_request", `Request body is not valid JSON (${error.message})`);
      }
      console.error(`[api] ${request.method} ${safePath(request.url)} failed:`, error);
      return jsonError(500, "internal", INTERNAL_ERROR_MESSAGE);
    }
  };
}

function safePath(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return url;
  }
}

/** request.json() rejects with a SyntaxError (checked by name: it may come from another realm). */
function isJsonSyntaxError(error: unknown): error is SyntaxError {
  const e = error as { name?: unknown; message?: unknown } | null;
  return typeof e === "object" && e !== null && e.name === "SyntaxError" && typeof e.message === "string" && /JSON/i.test(e.message);
}
