// Test data built through the real services (so ids come from the counters table).
import { createIssue } from "@/server/issues/create-issue";
import { createSpec } from "@/server/specs/create-spec";
import { createIssueSchema, type CreateIssueInput } from "@/lib/schemas/issue";
import { createSpecSchema, type CreateSpecInput } from "@/lib/schemas/spec";
import type { Issue, Spec } from "@/lib/types";

let sequence = 0;
const next = () => ++sequence;

export async function makeSpec(overrides: Partial<CreateSpecInput> = {}): Promise<Spec> {
  const input = createSpecSchema.parse({ title: `Spec ${next()}`, body: "", ...overrides });
  const result = await createSpec(input);
  if (!result.ok) throw new Error(`makeSpec failed: ${result.error.message}`);
  return result.value;
}

export async function makeIssue(overrides: Partial<CreateIssueInput> = {}): Promise<Issue> {
  const input = createIssueSchema.parse({ title: `Issue ${next()}`, ...overrides });
  const result = await createIssue(input);
  if (!result.ok) throw new Error(`makeIssue failed: ${result.error.message}`);
  return result.value;
}

/** A JSON request for calling route handlers directly. `body` strings are sent verbatim. */
export function apiRequest(method: string, path: string, body?: unknown): Request {
  const init: RequestInit = { method, headers: { accept: "application/json" } };
  if (body !== undefined) {
    init.body = typeof body === "string" ? body : JSON.stringify(body);
    (init.headers as Record<string, string>)["content-type"] = "application/json";
  }
  return new Request(new URL(path, "http://localhost"), init);
}

/** The second argument Next passes to handlers of dynamic routes. */
export function routeParams<T extends Record<string, string>>(params: T): { params: Promise<T> } {
  return { params: Promise.resolve(params) };
}
