import { loadConfig } from "@/server/config/load-config";
import { guardRequest, TOKEN_COOKIE } from "@/server/security/request-guard";

// The request guard (request-guard.ts) as a response, for both places that
// run it: proxy.ts in front of pages, and apiRoute (server/http/api-route.ts)
// inside every API handler. API requests skip Next's proxy because the proxy
// costs a few milliseconds per request (measured in docs/performance.md),
// and Arbor's API carries the turns people wait for.

type Settings = { token: string | undefined; loopbackOnly: boolean };

let settings: Settings | null = null;

/** From the environment the server was started with (it does not change while it runs). */
function guardSettings(): Settings {
  if (!settings) {
    const config = loadConfig();
    settings = { token: config.token, loopbackOnly: config.loopbackOnly };
  }
  return settings;
}

/**
 * A denial or the token cookie's redirect; null when the request may go on.
 * `ownCredential`: the route checks a credential of its own instead of
 * ARBOR_TOKEN (the MCP server's per-run tokens); rebinding and CSRF still apply.
 */
export function guardResponse(request: Request, options: { ownCredential?: boolean } = {}): Response | null {
  const url = new URL(request.url);
  const { token: accessToken, loopbackOnly } = guardSettings();
  const token = options.ownCredential ? undefined : accessToken;
  const verdict = guardRequest({ method: request.method, url, headers: request.headers, cookieToken: cookieValue(request, TOKEN_COOKIE), token, loopbackOnly });
  if (verdict.action === "allow") return null;
  if (verdict.action === "set-token-cookie") {
    const cookie = `${TOKEN_COOKIE}=${encodeURIComponent(token ?? "")}; Path=/; HttpOnly; SameSite=Strict`;
    return new Response(null, { status: 307, headers: { location: verdict.redirectTo.toString(), "set-cookie": cookie } });
  }
  if (url.pathname.startsWith("/api/")) {
    return Response.json({ error: { code: verdict.code, message: verdict.message } }, { status: verdict.status });
  }
  return new Response(verdict.message, { status: verdict.status, headers: { "content-type": "text/plain; charset=utf-8" } });
}

function cookieValue(request: Request, name: string): string | undefined {
  for (const part of (request.headers.get("cookie") ?? "").split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/** The server listens on loopback only: every peer is on this machine. */
export function serverIsLoopbackOnly(): boolean {
  return guardSettings().loopbackOnly;
}
