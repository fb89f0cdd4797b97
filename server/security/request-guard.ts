// Request checks that run in proxy.ts before any route. Arbor spawns processes
// that can edit files, so a page on another site must never be able to drive
// it (CSRF), and a server reachable from the network must demand a token.
// Pure function of the request's parts so it is unit-tested without Next.

export type GuardInput = {
  method: string;
  url: URL;
  headers: { get(name: string): string | null };
  cookieToken: string | undefined;
  /** ARBOR_TOKEN; when set every request must carry it. */
  token: string | undefined;
  /** True when the server is bound to a loopback address. */
  loopbackOnly: boolean;
};

export type GuardVerdict =
  | { action: "allow" }
  | { action: "deny"; status: 401 | 403 | 421; code: string; message: string }
  /** The browser presented ?token=…: store it in a cookie and drop it from the URL. */
  | { action: "set-token-cookie"; redirectTo: URL };

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]", "::1"]);

export const TOKEN_COOKIE = "arbor_token";

function hostnameOf(hostHeader: string): string {
  // "[::1]:3000" → "[::1]", "localhost:3000" → "localhost"
  if (hostHeader.startsWith("[")) return hostHeader.slice(0, hostHeader.indexOf("]") + 1).toLowerCase();
  return hostHeader.split(":")[0].toLowerCase();
}

function timingSafeEqualStrings(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

export function guardRequest(input: GuardInput): GuardVerdict {
  const host = input.headers.get("host") ?? "";

  // DNS rebinding: a loopback-only server answers only to loopback host names,
  // so evil.example resolving to 127.0.0.1 cannot read its pages or API.
  if (input.loopbackOnly && host && !LOOPBACK_HOSTS.has(hostnameOf(host))) {
    return { action: "deny", status: 421, code: "misdirected_host", message: `Arbor only answers to localhost, not to ${hostnameOf(host)}` };
  }

  if (!SAFE_METHODS.has(input.method.toUpperCase())) {
    const fetchSite = input.headers.get("sec-fetch-site");
    if (fetchSite && fetchSite !== "same-origin" && fetchSite !== "none") {
      return { action: "deny", status: 403, code: "cross_site_request", message: "Cross-site requests are not allowed" };
    }
    const origin = input.headers.get("origin");
    if (origin) {
      let originHost: string | null = null;
      try {
        originHost = new URL(origin).host.toLowerCase();
      } catch {
        originHost = null; // "null" origins (sandboxed frames, file://) are foreign too
      }
      if (originHost === null || originHost !== host.toLowerCase()) {
        return { action: "deny", status: 403, code: "cross_site_request", message: `Requests from ${origin} are not allowed` };
      }
    }
  }

  if (input.token) {
    const queryToken = input.url.searchParams.get("token");
    if (queryToken !== null && SAFE_METHODS.has(input.method.toUpperCase()) && timingSafeEqualStrings(queryToken, input.token)) {
      const redirectTo = new URL(input.url);
      redirectTo.searchParams.delete("token");
      return { action: "set-token-cookie", redirectTo };
    }
    const auth = input.headers.get("authorization");
    const bearer = auth?.toLowerCase().startsWith("bearer ") ? auth.slice(7).trim() : undefined;
    const presented = bearer ?? input.cookieToken;
    if (!presented || !timingSafeEqualStrings(presented, input.token)) {
      return {
        action: "deny",
        status: 401,
        code: "token_required",
        message: "This Arbor server requires its access token: send `Authorization: Bearer <ARBOR_TOKEN>` or open the app once with ?token=<ARBOR_TOKEN>",
      };
    }
  }
  return { action: "allow" };
}
