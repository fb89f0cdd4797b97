// Execution ids as people type them: the full id, or the short id the app and
// `arbor tree` print (its first 8+ hex characters, "#3f2a9c1e" as the app shows
// it). The server resolves a short one (GET /api/executions/resolve), so the
// CLI and the app agree on what it names, what is ambiguous and what is not an
// id at all; a full id is used as it is, with no extra request.

import { ApiError } from "@/lib/api-error";
import { isUuid } from "@/lib/ids";
import type { Context } from "./context";
import { formatTime, oneLine } from "./render/format";

/** The full id of the execution `ref` names; an ApiError (404, 409 listing the matches, 422) when it names none or several. */
export async function resolveExecutionId(ctx: Context, ref: string): Promise<string> {
  const typed = ref.trim();
  if (isUuid(typed)) return typed.toLowerCase();
  let body: { execution?: { id?: unknown } } | undefined;
  try {
    body = await ctx.api.get<{ execution?: { id?: unknown } }>(`/api/executions/resolve?ref=${encodeURIComponent(typed)}`);
  } catch (error) {
    // An Arbor from before short ids answers with its framework's 404: let the command's own request say what it makes of the id.
    if (error instanceof ApiError && !error.fromApi && error.status === 404) return typed;
    throw error;
  }
  const id = body?.execution?.id;
  if (typeof id !== "string") throw new Error("unexpected answer from GET /api/executions/resolve: no execution");
  return id;
}

/** The executions an ambiguous short id matches (a 409's `details`), one line each: id, issue, session, when, the prompt's start. */
export function ambiguousMatchLines(details: unknown): string[] {
  const matches = details && typeof details === "object" ? (details as { matches?: unknown }).matches : undefined;
  if (!Array.isArray(matches)) return [];
  const lines = matches
    .filter((m): m is Record<string, unknown> => Boolean(m) && typeof m === "object" && typeof (m as { id?: unknown }).id === "string")
    .map((m) =>
      [
        `  ${m.id}`,
        typeof m.issueId === "string" ? m.issueId : "",
        typeof m.managedSessionId === "string" ? m.managedSessionId : "",
        formatTime(m.createdAt) ?? "",
        typeof m.prompt === "string" && m.prompt ? `"${oneLine(m.prompt, 60)}"` : "",
      ]
        .filter(Boolean)
        .join("  "),
    );
  if ((details as { more?: unknown }).more === true) lines.push("  … and more: give more of the id");
  return lines;
}
