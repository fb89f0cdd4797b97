import "server-only";
import { err, ok, type AppError, type Result } from "@/lib/result";
import { loadConfig } from "@/server/config/load-config";

// GitHub's REST API, over fetch. The token comes from ARBOR_GITHUB_TOKEN on
// each call and goes only into the Authorization header: never into a
// message, a log line, the database or a child's environment. Every answer
// that is not a success becomes an AppError a person can act on.

export type GitHubCall = { method?: "GET" | "POST" | "PATCH"; path: string; body?: unknown };

const TIMEOUT_MS = 20_000;

/** Whether Arbor can talk to GitHub at all (a token is set). */
export function githubConfigured(): boolean {
  return loadConfig().github.token !== null;
}

export async function github<T>(call: GitHubCall): Promise<Result<T>> {
  const { token, apiUrl } = loadConfig().github;
  if (!token) {
    return err({
      code: "conflict",
      message: "No GitHub token: set ARBOR_GITHUB_TOKEN on the server to open and read pull requests",
      details: { reason: "no_token" },
    });
  }
  let response: Response;
  try {
    response = await fetch(`${apiUrl}${call.path}`, {
      method: call.method ?? "GET",
      headers: {
        accept: "application/vnd.github+json",
        authorization: `Bearer ${token}`,
        "x-github-api-version": "2022-11-28",
        "user-agent": "arbor",
        ...(call.body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: call.body === undefined ? undefined : JSON.stringify(call.body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    const why = error instanceof Error && error.name === "TimeoutError" ? `no answer within ${TIMEOUT_MS / 1000} s` : "the connection failed";
    return err({ code: "bad_gateway", message: `Could not reach GitHub at ${apiUrl}: ${why}`, details: { reason: "unreachable" } });
  }
  const body = await response.json().catch(() => null);
  if (response.ok) return ok(body as T);
  return err(githubError(response, body, call));
}

function githubError(response: Response, body: unknown, call: GitHubCall): AppError {
  const status = response.status;
  const said = githubMessage(body);
  const what = `${call.method ?? "GET"} ${call.path.split("?")[0]}`;
  const remaining = response.headers.get("x-ratelimit-remaining");
  const reset = Number(response.headers.get("x-ratelimit-reset"));
  const retryAfter = Number(response.headers.get("retry-after"));
  if (status === 429 || (status === 403 && (remaining === "0" || retryAfter > 0 || /rate limit/i.test(said)))) {
    const resetAt = reset > 0 ? new Date(reset * 1000) : retryAfter > 0 ? new Date(Date.now() + retryAfter * 1000) : null;
    const when = resetAt
      ? `; it resets at ${resetAt.toISOString().slice(11, 16)} UTC (in ${Math.max(1, Math.ceil((resetAt.getTime() - Date.now()) / 60_000))} min)`
      : "";
    return {
      code: "bad_gateway",
      message: `GitHub's rate limit for Arbor's token is used up${when}. Try again then.`,
      details: { reason: "rate_limited", status, resetAt: resetAt?.toISOString() ?? null },
    };
  }
  if (status === 401) {
    return {
      code: "bad_gateway",
      message: `GitHub refused Arbor's token (401 ${said || "Bad credentials"}): set ARBOR_GITHUB_TOKEN to a valid token`,
      details: { reason: "unauthorized", status },
    };
  }
  if (status === 403) {
    return {
      code: "bad_gateway",
      message: `GitHub refused ${what} (403${said ? `: ${said}` : ""}): the token lacks a permission it needs (pull requests, checks, commit statuses)`,
      details: { reason: "forbidden", status },
    };
  }
  if (status === 404) {
    return {
      code: "not_found",
      message: `GitHub answered 404 for ${what}: the repository or pull request does not exist, or Arbor's token cannot see it`,
      details: { reason: "forge_not_found", status },
    };
  }
  if (status === 422) {
    return {
      code: "validation_failed",
      message: `GitHub refused it (422): ${said || "unprocessable"}`,
      details: { reason: "forge_refused", status, errors: githubErrors(body) },
    };
  }
  return { code: "bad_gateway", message: `GitHub answered ${status} for ${what}${said ? `: ${said}` : ""}`, details: { reason: "forge_error", status } };
}

/** GitHub's message plus the messages of its `errors` list ("A pull request already exists for acme:branch."). */
function githubMessage(body: unknown): string {
  const b = body as { message?: unknown } | null;
  const main = typeof b?.message === "string" ? b.message : "";
  const more = githubErrors(body).join("; ");
  return [main, more].filter(Boolean).join(": ").slice(0, 500);
}

function githubErrors(body: unknown): string[] {
  const errors = (body as { errors?: unknown } | null)?.errors;
  if (!Array.isArray(errors)) return [];
  return errors
    .map((e) =>
      typeof e === "string" ? e : typeof e?.message === "string" ? e.message : typeof e?.code === "string" ? `${e.field ?? ""} ${e.code}`.trim() : "",
    )
    .filter(Boolean);
}
