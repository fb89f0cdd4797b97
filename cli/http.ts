// The CLI's only way to talk to Arbor: JSON over HTTP, with the API's error
// shape `{ error: { code, message, details? } }` mapped to `ApiError`, and
// network failures mapped to `UnreachableError`.

import { randomUUID } from "node:crypto";
import { apiErrorFrom, type ApiError } from "@/lib/api-error";

export class UnreachableError extends Error {
  constructor(
    readonly baseUrl: string,
    cause?: unknown,
  ) {
    super(`cannot reach Arbor at ${baseUrl} — is it running? (npm start)`, { cause });
    this.name = "UnreachableError";
  }
}

const CONNECT_CODES = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "ENETUNREACH", "EADDRNOTAVAIL", "UND_ERR_CONNECT_TIMEOUT"]);
const RESET_CODES = new Set(["ECONNRESET", "EPIPE", "UND_ERR_SOCKET", "UND_ERR_CLOSED"]);

/** Error codes found on a fetch failure (undici nests them in `cause`, sometimes in an AggregateError). */
export function networkErrorCodes(err: unknown): string[] {
  const codes: string[] = [];
  const seen = new Set<unknown>();
  const visit = (e: unknown, depth: number) => {
    if (!e || typeof e !== "object" || seen.has(e) || depth > 5) return;
    seen.add(e);
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string") codes.push(code);
    visit((e as { cause?: unknown }).cause, depth + 1);
    const errors = (e as { errors?: unknown }).errors;
    if (Array.isArray(errors)) for (const inner of errors) visit(inner, depth + 1);
  };
  visit(err, 0);
  return codes;
}

/** The connection could not be established at all (nothing was sent). */
export function isConnectError(err: unknown): boolean {
  return networkErrorCodes(err).some((c) => CONNECT_CODES.has(c));
}

/** The connection broke after it was established (the request may or may not have been processed). */
export function isResetError(err: unknown): boolean {
  return networkErrorCodes(err).some((c) => RESET_CODES.has(c));
}

function isAbortError(err: unknown): boolean {
  return err instanceof Error && (err.name === "AbortError" || err.name === "TimeoutError");
}

/** Builds an `ApiError` from a non-2xx response, consuming its body. */
export async function errorFromResponse(res: Response, what?: string): Promise<ApiError> {
  let text = "";
  try {
    text = await res.text();
  } catch {
    // ignore: we still have the status line
  }
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  const statusLine = `HTTP ${res.status}${res.statusText ? ` ${res.statusText}` : ""}`;
  return apiErrorFrom(res, body, what ? `${statusLine} (${what})` : statusLine);
}

export interface ApiClientOptions {
  baseUrl: string;
  token?: string;
  fetch?: typeof fetch;
  /** Per-request timeout for plain JSON calls (not event streams). Default 60 s. */
  timeoutMs?: number;
  /** How many times a POST carrying an Idempotency-Key is retried after a connection reset. Default 2. */
  idempotentRetries?: number;
}

export interface RequestOptions {
  /** Send an `Idempotency-Key` (a fresh uuid, reused across retries of this call). */
  idempotent?: boolean;
  headers?: Record<string, string>;
}

/** Normalizes ARBOR_URL: must be http(s); no trailing slash. Throws on garbage. */
export function normalizeBaseUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`invalid Arbor URL "${raw}"`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new Error(`invalid Arbor URL "${raw}" (expected http:// or https://)`);
  url.search = "";
  url.hash = "";
  return url.toString().replace(/\/+$/, "");
}

export class ApiClient {
  readonly baseUrl: string;
  private readonly token: string | undefined;
  private readonly fetchImpl: typeof fetch;
  private readonly timeoutMs: number;
  private readonly idempotentRetries: number;

  constructor(opts: ApiClientOptions) {
    this.baseUrl = normalizeBaseUrl(opts.baseUrl);
    this.token = opts.token || undefined;
    this.fetchImpl = opts.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
    this.timeoutMs = opts.timeoutMs ?? 60_000;
    this.idempotentRetries = opts.idempotentRetries ?? 2;
  }

  /** Absolute URL for an API path such as `/api/issues`. */
  url(path: string): string {
    return `${this.baseUrl}/${path.replace(/^\/+/, "")}`;
  }

  /** Headers every request carries (auth). */
  headers(extra?: Record<string, string>): Record<string, string> {
    const h: Record<string, string> = { ...extra };
    if (this.token) h.Authorization = `Bearer ${this.token}`;
    return h;
  }

  get fetch(): typeof fetch {
    return this.fetchImpl;
  }

  get<T = unknown>(path: string, opts: RequestOptions = {}): Promise<T> {
    return this.request<T>("GET", path, undefined, opts);
  }

  post<T = unknown>(path: string, body?: unknown, opts: RequestOptions = {}): Promise<T> {
    return this.request<T>("POST", path, body, opts);
  }

  async request<T>(method: string, path: string, body: unknown, opts: RequestOptions = {}): Promise<T> {
    const headers = this.headers({ Accept: "application/json", ...opts.headers });
    if (body !== undefined) headers["Content-Type"] = "application/json";
    if (opts.idempotent) headers["Idempotency-Key"] = randomUUID();
    const what = `${method} ${path}`;
    const attempts = opts.idempotent ? 1 + this.idempotentRetries : 1;

    let res: Response | undefined;
    for (let attempt = 1; ; attempt++) {
      try {
        res = await this.fetchImpl(this.url(path), {
          method,
          headers,
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: AbortSignal.timeout(this.timeoutMs),
        });
        break;
      } catch (err) {
        if (isConnectError(err)) throw new UnreachableError(this.baseUrl, err);
        if (isAbortError(err)) throw new Error(`${what} timed out after ${Math.round(this.timeoutMs / 1000)}s`);
        // The same Idempotency-Key makes a retry safe after a reset.
        if (attempt < attempts && isResetError(err)) continue;
        if (isResetError(err)) throw new Error(`connection to Arbor at ${this.baseUrl} was reset (${what})`);
        throw new UnreachableError(this.baseUrl, err);
      }
    }

    if (!res.ok) throw await errorFromResponse(res, what);
    if (res.status === 204) return undefined as T;
    const text = await res.text();
    if (!text) return undefined as T;
    try {
      return JSON.parse(text) as T;
    } catch {
      throw new Error(`Arbor answered ${what} with something that is not JSON`);
    }
  }
}
