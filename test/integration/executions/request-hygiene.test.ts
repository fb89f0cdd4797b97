import { randomUUID } from "node:crypto";
import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { prisma } from "@/server/db";
import { releaseWorkerUtils } from "@/server/queue/worker-utils";
import { MAX_REQUEST_BODY_BYTES } from "@/server/http/validation";
import { NUL_MESSAGE } from "@/lib/schemas/text";
import { resetDb } from "@/test/support/db";
import { setEnv } from "@/test/support/route-call";
import * as bundleExport from "@/app/api/bundles/[id]/export/route";
import * as bundleItems from "@/app/api/bundles/[id]/items/route";
import * as bundleLoad from "@/app/api/bundles/[id]/load/route";
import * as bundle from "@/app/api/bundles/[id]/route";
import * as bundleImport from "@/app/api/bundles/import/route";
import * as bundles from "@/app/api/bundles/route";
import * as executionCancel from "@/app/api/executions/[id]/cancel/route";
import * as executionContinue from "@/app/api/executions/[id]/continue/route";
import * as executionEvents from "@/app/api/executions/[id]/events/route";
import * as executionFork from "@/app/api/executions/[id]/fork/route";
import * as execution from "@/app/api/executions/[id]/route";
import * as executionStartFresh from "@/app/api/executions/[id]/start-fresh/route";
import * as executionSummary from "@/app/api/executions/[id]/summary/route";
import * as executions from "@/app/api/executions/route";
import * as executionStream from "@/app/api/executions/stream/route";
import * as compareDiff from "@/app/api/compare/diff/route";
import * as executionApply from "@/app/api/executions/[id]/apply/route";
import * as executionApplyPreview from "@/app/api/executions/[id]/apply-preview/route";
import * as executionDiff from "@/app/api/executions/[id]/diff/route";
import * as executionOutcome from "@/app/api/executions/[id]/outcome/route";
import * as agents from "@/app/api/agents/route";
import * as approvals from "@/app/api/approvals/route";
import * as approval from "@/app/api/approvals/[id]/route";
import * as executionResolve from "@/app/api/executions/resolve/route";
import * as sessionConversation from "@/app/api/sessions/[id]/conversation/route";
import * as sessionConsultedBy from "@/app/api/sessions/[id]/consulted-by/route";
import * as executionMcpCalls from "@/app/api/executions/[id]/mcp-calls/route";
import * as mcp from "@/app/api/mcp/route";
import * as fanOut from "@/app/api/executions/fan-out/route";
import * as executionCheck from "@/app/api/executions/[id]/check/route";
import * as group from "@/app/api/groups/[id]/route";
import * as groupPick from "@/app/api/groups/[id]/pick/route";
import * as groupCancel from "@/app/api/groups/[id]/cancel/route";
import * as runners from "@/app/api/runners/route";
import * as runnerDrain from "@/app/api/runners/[id]/drain/route";
import * as issueGroups from "@/app/api/issues/[id]/groups/route";
import * as executionPush from "@/app/api/executions/[id]/push/route";
import * as executionPullRequest from "@/app/api/executions/[id]/pull-request/route";
import * as issuePullRequests from "@/app/api/issues/[id]/pull-requests/route";
import * as githubWebhook from "@/app/api/webhooks/github/route";
import * as health from "@/app/api/health/route";
import * as insights from "@/app/api/insights/route";
import * as sessionOutcome from "@/app/api/sessions/[id]/outcome/route";
import * as projectCleanup from "@/app/api/projects/[id]/cleanup/route";
import * as project from "@/app/api/projects/[id]/route";
import * as projects from "@/app/api/projects/route";
import * as issueExecutions from "@/app/api/issues/[id]/executions/route";
import * as issue from "@/app/api/issues/[id]/route";
import * as issueSessionTree from "@/app/api/issues/[id]/session-tree/route";
import * as issueTreeSummary from "@/app/api/issues/[id]/tree-summary/route";
import * as issues from "@/app/api/issues/route";
import * as referencesResolve from "@/app/api/references/resolve/route";
import * as references from "@/app/api/references/route";
import * as search from "@/app/api/search/route";
import * as session from "@/app/api/sessions/[id]/route";
import * as sessions from "@/app/api/sessions/route";
import * as spec from "@/app/api/specs/[id]/route";
import * as specs from "@/app/api/specs/route";

// Bad input is a 4xx with a message naming what is wrong, on every endpoint,
// never a 500 and never silently half-accepted:
// - NUL (U+0000) in any field of any body, query or path (PostgreSQL cannot
//   store it; it used to reach the database and come back as a 500),
// - an unknown field (a typo like "cwdd" used to be ignored: 201),
// - a body over the size limit (used to be cut short by Next's proxy and
//   reported as "not valid JSON").
// The table below must list every route handler (a check fails otherwise),
// so a new endpoint cannot skip these checks.

jest.setTimeout(60_000);

type Handler = (request: Request, context: { params: Promise<{ id: string }> }) => Promise<Response>;
type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
type Endpoint = {
  route: string;
  method: Method;
  handler: Handler;
  /** A valid body (endpoints that read one), with every field it may carry. */
  body?: Record<string, unknown>;
  /** Fields whose value is free text: a NUL in them is refused with the NUL message. */
  text?: string[];
  /** Query parameters the endpoint reads, with a valid value each. */
  query?: Record<string, string>;
};

const NUL = "bad\u0000value";
const ids: Record<"spec" | "issue" | "session" | "bundle" | "project" | "execution" | "approval" | "group" | "runner", string> = {
  spec: "SPEC-1",
  issue: "ISSUE-1",
  session: "SESS-1",
  bundle: "BUNDLE-1",
  project: "PROJ-1",
  execution: randomUUID(),
  approval: "APR-1",
  group: "GRP-1",
  runner: "no-runner",
};
const noContext = { params: Promise.resolve({ id: "" }) };
const postJson = (path: string, body: unknown) =>
  new Request(`http://127.0.0.1:3000${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

const bundleBody = { name: "Context", description: "why", items: ["SPEC-1"] };
const exportDoc = { format: "arbor.bundle", version: 1, name: "Context", description: "why", items: [{ type: "spec", id: "SPEC-1" }] };

const h = (module: Record<string, unknown>, method: Method) => module[method] as Handler;

const ENDPOINTS: Endpoint[] = [
  { route: "/api/specs", method: "GET", handler: h(specs, "GET"), query: { q: "login", projectId: "none", limit: "5" }, text: ["q", "projectId"] },
  {
    route: "/api/specs",
    method: "POST",
    handler: h(specs, "POST"),
    body: { title: "A spec", body: "text", projectId: null },
    text: ["title", "body", "projectId"],
  },
  { route: "/api/specs/[id]", method: "GET", handler: h(spec, "GET") },
  { route: "/api/specs/[id]", method: "PATCH", handler: h(spec, "PATCH"), body: { title: "A spec", body: "text" }, text: ["title", "body"] },
  { route: "/api/specs/[id]", method: "DELETE", handler: h(spec, "DELETE"), query: { detachIssues: "true" } },
  {
    route: "/api/issues",
    method: "GET",
    handler: h(issues, "GET"),
    query: { q: "login", status: "open", specId: "SPEC-1", projectId: "none", limit: "5" },
    text: ["q", "specId", "projectId"],
  },
  {
    route: "/api/issues",
    method: "POST",
    handler: h(issues, "POST"),
    body: { title: "Bug", body: "text", status: "open", priority: "low", specId: null, projectId: null },
    text: ["title", "body", "specId", "projectId"],
  },
  { route: "/api/issues/[id]", method: "GET", handler: h(issue, "GET") },
  {
    route: "/api/issues/[id]",
    method: "PATCH",
    handler: h(issue, "PATCH"),
    body: { title: "Bug", body: "text", status: "open", priority: "low", specId: null },
    text: ["title", "body", "specId"],
  },
  { route: "/api/issues/[id]", method: "DELETE", handler: h(issue, "DELETE") },
  { route: "/api/issues/[id]/executions", method: "GET", handler: h(issueExecutions, "GET") },
  { route: "/api/issues/[id]/session-tree", method: "GET", handler: h(issueSessionTree, "GET") },
  { route: "/api/issues/[id]/tree-summary", method: "GET", handler: h(issueTreeSummary, "GET") },
  {
    route: "/api/sessions",
    method: "GET",
    handler: h(sessions, "GET"),
    query: { q: "login", agent: "claude", archived: "all", limit: "5" },
    text: ["q", "agent"],
  },
  { route: "/api/sessions/[id]", method: "GET", handler: h(session, "GET") },
  {
    route: "/api/sessions/[id]",
    method: "PATCH",
    handler: h(session, "PATCH"),
    body: { title: "Named", description: "text", archived: false, poisoned: true, poisonNote: "loops" },
    text: ["title", "description", "poisonNote"],
  },
  { route: "/api/bundles", method: "GET", handler: h(bundles, "GET"), query: { q: "ctx", limit: "5" }, text: ["q"] },
  { route: "/api/bundles", method: "POST", handler: h(bundles, "POST"), body: bundleBody, text: ["name", "description"] },
  { route: "/api/bundles/[id]", method: "GET", handler: h(bundle, "GET") },
  { route: "/api/bundles/[id]", method: "PATCH", handler: h(bundle, "PATCH"), body: { name: "Context", description: "why" }, text: ["name", "description"] },
  { route: "/api/bundles/[id]", method: "DELETE", handler: h(bundle, "DELETE") },
  { route: "/api/bundles/[id]/items", method: "PUT", handler: h(bundleItems, "PUT"), body: { items: ["SPEC-1"] } },
  { route: "/api/bundles/[id]/items", method: "POST", handler: h(bundleItems, "POST"), body: { items: ["SPEC-1"] } },
  { route: "/api/bundles/[id]/load", method: "POST", handler: h(bundleLoad, "POST"), body: { prompt: "go on", agent: "claude" }, text: ["prompt", "agent"] },
  { route: "/api/bundles/[id]/export", method: "GET", handler: h(bundleExport, "GET") },
  { route: "/api/bundles/import", method: "POST", handler: h(bundleImport, "POST"), body: exportDoc, text: ["name", "description"] },
  { route: "/api/executions", method: "GET", handler: h(executions, "GET"), query: { status: "running", issueId: "ISSUE-1", limit: "5" } },
  {
    route: "/api/executions",
    method: "POST",
    handler: h(executions, "POST"),
    body: {
      issueId: "ISSUE-1",
      prompt: "do it",
      agent: "claude",
      model: "sonnet",
      projectId: "PROJ-1",
      sharedDirectory: false,
      startRef: "main",
      permissions: { mode: "ask", allow: ["Bash(npm test:*)"], deny: ["Bash(git push:*)"] },
    },
    text: ["prompt", "projectId", "startRef"],
  },
  { route: "/api/executions/stream", method: "GET", handler: h(executionStream, "GET"), query: { issueId: "ISSUE-1" } },
  { route: "/api/executions/[id]", method: "GET", handler: h(execution, "GET") },
  { route: "/api/executions/[id]/cancel", method: "POST", handler: h(executionCancel, "POST") },
  {
    route: "/api/executions/[id]/continue",
    method: "POST",
    handler: h(executionContinue, "POST"),
    body: { prompt: "more", freshSession: true, permissions: { mode: "edits" }, withCheck: false, withReview: false },
    text: ["prompt"],
  },
  {
    route: "/api/executions/[id]/fork",
    method: "POST",
    handler: h(executionFork, "POST"),
    body: { prompt: "other way", freshSession: false, agent: "claude", model: "sonnet" },
    text: ["prompt", "agent"],
  },
  {
    route: "/api/executions/[id]/start-fresh",
    method: "POST",
    handler: h(executionStartFresh, "POST"),
    body: { prompt: "again", withConversation: true },
    text: ["prompt"],
  },
  { route: "/api/executions/[id]/events", method: "GET", handler: h(executionEvents, "GET"), query: { after: "0", limit: "10", tail: "5", raw: "false" } },
  { route: "/api/executions/[id]/summary", method: "GET", handler: h(executionSummary, "GET") },
  { route: "/api/search", method: "GET", handler: h(search, "GET"), query: { q: "login", limit: "5" }, text: ["q"] },
  { route: "/api/references", method: "GET", handler: h(references, "GET"), query: { target: "SESS-1" }, text: ["target"] },
  { route: "/api/references/resolve", method: "GET", handler: h(referencesResolve, "GET"), query: { ids: "SPEC-1,SESS-1" }, text: ["ids"] },
  { route: "/api/executions/[id]/diff", method: "GET", handler: h(executionDiff, "GET"), query: { maxBytes: "4096" } },
  {
    route: "/api/executions/[id]/apply",
    method: "POST",
    handler: h(executionApply, "POST"),
    body: { strategy: "squash", message: "Apply it" },
    text: ["message"],
  },
  { route: "/api/executions/[id]/apply-preview", method: "GET", handler: h(executionApplyPreview, "GET"), query: { maxBytes: "4096" } },
  { route: "/api/compare/diff", method: "GET", handler: h(compareDiff, "GET"), query: { a: randomUUID(), b: randomUUID(), maxBytes: "4096" } },
  { route: "/api/projects", method: "GET", handler: h(projects, "GET"), query: { limit: "5", archived: "true" } },
  {
    route: "/api/projects",
    method: "POST",
    handler: h(projects, "POST"),
    body: {
      path: "/tmp",
      name: "Repo",
      baseBranch: "main",
      defaultAgent: "claude",
      checkCommand: "npm test",
      checkTimeoutSeconds: 60,
      setupScript: "npm ci",
      copyFiles: [".env"],
      cleanupScript: "rm -rf tmp",
      remote: "origin",
    },
    text: ["path", "name", "baseBranch", "defaultAgent", "setupScript", "cleanupScript"],
  },
  { route: "/api/projects/[id]", method: "GET", handler: h(project, "GET") },
  {
    route: "/api/projects/[id]",
    method: "PATCH",
    handler: h(project, "PATCH"),
    body: {
      name: "Repo",
      baseBranch: "main",
      defaultAgent: "claude",
      archived: false,
      checkCommand: ["npm", "test"],
      checkTimeoutSeconds: 60,
      setupScript: "npm ci",
      copyFiles: [".env"],
      cleanupScript: null,
      remote: "origin",
    },
    text: ["name", "baseBranch", "defaultAgent", "setupScript"],
  },
  { route: "/api/projects/[id]", method: "DELETE", handler: h(project, "DELETE") },
  { route: "/api/projects/[id]/cleanup", method: "POST", handler: h(projectCleanup, "POST"), body: { deleteBranches: true } },
  { route: "/api/executions/[id]/outcome", method: "GET", handler: h(executionOutcome, "GET"), query: { over: randomUUID() }, text: ["over"] },
  {
    route: "/api/executions/[id]/outcome",
    method: "PUT",
    handler: h(executionOutcome, "PUT"),
    body: { mark: "worked", note: "fine", by: "ana", via: "api" },
    text: ["note", "by"],
  },
  { route: "/api/executions/[id]/outcome", method: "DELETE", handler: h(executionOutcome, "DELETE"), query: { mark: "verdict" } },
  { route: "/api/sessions/[id]/outcome", method: "GET", handler: h(sessionOutcome, "GET") },
  {
    route: "/api/sessions/[id]/outcome",
    method: "PUT",
    handler: h(sessionOutcome, "PUT"),
    body: { mark: "failed", note: "no", by: "ana", via: "cli" },
    text: ["note", "by"],
  },
  { route: "/api/sessions/[id]/outcome", method: "DELETE", handler: h(sessionOutcome, "DELETE") },
  {
    route: "/api/insights",
    method: "GET",
    handler: h(insights, "GET"),
    query: { agent: "claude", since: "7d", bucket: "week", usageBy: "agent" },
    text: ["agent"],
  },
  { route: "/api/agents", method: "GET", handler: h(agents, "GET") },
  {
    route: "/api/approvals",
    method: "GET",
    handler: h(approvals, "GET"),
    query: { status: "pending", executionId: ids.execution, issueId: "ISSUE-1", limit: "5" },
    text: ["executionId", "issueId"],
  },
  { route: "/api/approvals/[id]", method: "GET", handler: h(approval, "GET") },
  {
    route: "/api/approvals/[id]",
    method: "POST",
    handler: h(approval, "POST"),
    body: { decision: "allow", scope: "session", message: "ok", answers: { Color: "Blue" }, decidedBy: "ada" },
    text: ["message", "decidedBy"],
  },
  { route: "/api/executions/resolve", method: "GET", handler: h(executionResolve, "GET"), query: { ref: "3f2a9c1e" }, text: ["ref"] },
  { route: "/api/sessions/[id]/conversation", method: "GET", handler: h(sessionConversation, "GET") },
  { route: "/api/sessions/[id]/consulted-by", method: "GET", handler: h(sessionConsultedBy, "GET"), query: { limit: "5" } },
  { route: "/api/executions/[id]/mcp-calls", method: "GET", handler: h(executionMcpCalls, "GET"), query: { limit: "5" } },
  // Arbor's MCP server: JSON-RPC behind a run's token (no token here: 401 before any input is read); its tools'
  // inputs refuse NUL and bounds as tool errors (test/integration/mcp/mcp-server.test.ts).
  { route: "/api/mcp", method: "POST", handler: h(mcp, "POST") },
  { route: "/api/mcp", method: "GET", handler: h(mcp, "GET") },
  { route: "/api/mcp", method: "DELETE", handler: h(mcp, "DELETE") },
  { route: "/api/health", method: "GET", handler: h(health, "GET") },
  {
    route: "/api/executions/fan-out",
    method: "POST",
    handler: h(fanOut, "POST"),
    body: {
      issueId: "ISSUE-1",
      prompt: "try both",
      runs: [{ agent: "claude" }, { agent: "claude", model: "sonnet" }],
      projectId: "PROJ-1",
      startRef: "main",
      permissions: { mode: "edits" },
    },
    text: ["issueId", "prompt", "startRef"],
  },
  { route: "/api/groups/[id]", method: "GET", handler: h(group, "GET") },
  { route: "/api/executions/[id]/check", method: "GET", handler: h(executionCheck, "GET") },
  {
    route: "/api/groups/[id]/pick",
    method: "POST",
    handler: h(groupPick, "POST"),
    body: { executionId: randomUUID(), apply: false, archiveOthers: false, note: "best", via: "api" },
    text: ["note"],
  },
  { route: "/api/groups/[id]/cancel", method: "POST", handler: h(groupCancel, "POST") },
  { route: "/api/issues/[id]/groups", method: "GET", handler: h(issueGroups, "GET") },
  // Runners (issue 24): the list, and a drain (no body; an unknown id is a 404).
  { route: "/api/runners", method: "GET", handler: h(runners, "GET") },
  { route: "/api/runners/[id]/drain", method: "POST", handler: h(runnerDrain, "POST") },
  // Push and pull requests (issue 25). The webhook's credential is GitHub's signature over the raw body: refused
  // (403 without ARBOR_GITHUB_WEBHOOK_SECRET, 401 when it does not match) before any field is read.
  { route: "/api/executions/[id]/push", method: "POST", handler: h(executionPush, "POST") },
  { route: "/api/executions/[id]/pull-request", method: "GET", handler: h(executionPullRequest, "GET") },
  {
    route: "/api/executions/[id]/pull-request",
    method: "POST",
    handler: h(executionPullRequest, "POST"),
    body: { title: "Fix the login", body: "What changed" },
    text: ["title", "body"],
  },
  { route: "/api/issues/[id]/pull-requests", method: "GET", handler: h(issuePullRequests, "GET") },
  { route: "/api/webhooks/github", method: "POST", handler: h(githubWebhook, "POST") },
];

function idFor(route: string): string {
  if (route.startsWith("/api/specs")) return ids.spec;
  if (route.startsWith("/api/issues")) return ids.issue;
  if (route.startsWith("/api/sessions")) return ids.session;
  if (route.startsWith("/api/bundles")) return ids.bundle;
  if (route.startsWith("/api/projects")) return ids.project;
  if (route.startsWith("/api/approvals")) return ids.approval;
  if (route.startsWith("/api/groups")) return ids.group;
  if (route.startsWith("/api/runners")) return ids.runner;
  return ids.execution;
}

async function call(endpoint: Endpoint, options: { id?: string; query?: Record<string, string>; rawBody?: string; headers?: Record<string, string> } = {}) {
  const id = options.id ?? idFor(endpoint.route);
  const url = new URL(`http://127.0.0.1:3000${endpoint.route.replace("[id]", encodeURIComponent(id))}`);
  for (const [key, value] of Object.entries(options.query ?? {})) url.searchParams.set(key, value);
  const request = new Request(url, {
    method: endpoint.method,
    headers: { accept: "application/json", ...(options.rawBody !== undefined ? { "content-type": "application/json" } : {}), ...(options.headers ?? {}) },
    body: options.rawBody,
  });
  const response = await endpoint.handler(request, { params: Promise.resolve({ id }) });
  const isStream = (response.headers.get("content-type") ?? "").includes("text/event-stream");
  if (isStream) await response.body?.cancel();
  const text = isStream ? "" : await response.text();
  let body: { error?: { code: string; message: string; details?: { fieldErrors?: Record<string, string[]> } } } | null = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  return { status: response.status, body };
}

const bodyEndpoints = ENDPOINTS.filter((e) => e.body);
const queryEndpoints = ENDPOINTS.filter((e) => e.query);

// A run of an agent without its key is refused up front; no agent runs here, so any key will do.
let restoreEnv: () => void;
beforeAll(async () => {
  restoreEnv = setEnv({ ANTHROPIC_API_KEY: "test-key" });
  await resetDb();
  // Some of what the valid values name exists, so the checks below are about the input alone.
  await h(specs, "POST")(postJson("/api/specs", { title: "Login" }), noContext);
  await h(issues, "POST")(postJson("/api/issues", { title: "Bug" }), noContext);
  // An execution to address (no runner takes it: nothing here runs an agent).
  const created = await h(executions, "POST")(postJson("/api/executions", { issueId: "ISSUE-1", prompt: "hi" }), noContext);
  ids.execution = ((await created.json()) as { id: string }).id;
});
afterAll(async () => {
  restoreEnv();
  await releaseWorkerUtils();
  await prisma.$disconnect();
});

test("the table covers every route handler", () => {
  const root = path.join(process.cwd(), "app", "api");
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (name === "route.ts") {
        const route = `/api/${path.relative(root, dir)}`.replace(/\/$/, "");
        const module = require(full) as Record<string, unknown>;
        for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE"]) if (typeof module[method] === "function") found.push(`${method} ${route}`);
      }
    }
  };
  walk(root);
  expect(ENDPOINTS.map((e) => `${e.method} ${e.route}`).sort()).toEqual(found.sort());
});

describe("NUL characters", () => {
  it.each(bodyEndpoints.map((e) => [`${e.method} ${e.route}`, e] as const))("%s: every body field → 422 naming the field", async (_name, endpoint) => {
    for (const field of Object.keys(endpoint.body!)) {
      const response = await call(endpoint, { rawBody: JSON.stringify({ ...endpoint.body, [field]: NUL }) });
      expect({ field, status: response.status }).toEqual({ field, status: 422 });
      const messages = response.body?.error?.details?.fieldErrors?.[field];
      expect({ field, messages }).toEqual({ field, messages: expect.any(Array) });
      if (endpoint.text?.includes(field)) expect({ field, messages }).toEqual({ field, messages: [NUL_MESSAGE] });
    }
  });

  it("inside list items and nested objects", async () => {
    const items = ENDPOINTS.find((e) => e.route === "/api/bundles/[id]/items" && e.method === "PUT")!;
    for (const value of [`SPEC-1${NUL}`, { type: "spec", id: NUL }]) {
      const response = await call(items, { rawBody: JSON.stringify({ items: [value] }) });
      expect(response.status).toBe(422);
      expect(JSON.stringify(response.body?.error?.details?.fieldErrors)).toContain(NUL_MESSAGE);
    }
  });

  it.each(queryEndpoints.map((e) => [`${e.method} ${e.route}`, e] as const))("%s: every query parameter → 422 naming it", async (_name, endpoint) => {
    for (const key of Object.keys(endpoint.query!)) {
      const response = await call(endpoint, { query: { ...endpoint.query, [key]: NUL } });
      expect({ key, status: response.status }).toEqual({ key, status: 422 });
      const messages = response.body?.error?.details?.fieldErrors?.[key];
      expect({ key, messages }).toEqual({ key, messages: expect.any(Array) });
      if (endpoint.text?.includes(key)) expect({ key, messages }).toEqual({ key, messages: [NUL_MESSAGE] });
    }
  });

  it("in a path id → 404, on every route with one", async () => {
    for (const endpoint of ENDPOINTS.filter((e) => e.route.includes("[id]"))) {
      const response = await call(endpoint, { id: `ISSUE-1${NUL}`, rawBody: endpoint.body ? JSON.stringify(endpoint.body) : undefined });
      expect({ route: `${endpoint.method} ${endpoint.route}`, status: response.status }).toEqual({
        route: `${endpoint.method} ${endpoint.route}`,
        status: 404,
      });
    }
  });
});

describe("unknown fields", () => {
  it.each(bodyEndpoints.map((e) => [`${e.method} ${e.route}`, e] as const))("%s: a misspelled body field → 422 naming it", async (_name, endpoint) => {
    const response = await call(endpoint, { rawBody: JSON.stringify({ ...endpoint.body, cwdd: "/tmp", agnet: "x" }) });
    expect(response.status).toBe(422);
    expect(response.body?.error?.message).toContain("Unknown fields: cwdd, agnet");
  });

  it.each(queryEndpoints.map((e) => [`${e.method} ${e.route}`, e] as const))("%s: a misspelled query parameter → 422 naming it", async (_name, endpoint) => {
    const response = await call(endpoint, { query: { ...endpoint.query, limt: "5" } });
    expect(response.status).toBe(422);
    expect(response.body?.error?.message).toContain("Unknown field: limt");
  });

  it("creates nothing for an execution request with a typo", async () => {
    const before = await prisma.execution.count();
    const create = ENDPOINTS.find((e) => e.route === "/api/executions" && e.method === "POST")!;
    expect((await call(create, { rawBody: JSON.stringify({ issueId: "ISSUE-1", prompt: "hi", cwdd: "/" }) })).status).toBe(422);
    expect(await prisma.execution.count()).toBe(before);
  });
});

describe("bodies over the size limit", () => {
  it.each(bodyEndpoints.map((e) => [`${e.method} ${e.route}`, e] as const))("%s → 413 naming the limit", async (_name, endpoint) => {
    const huge = JSON.stringify({ ...endpoint.body, pad: "x".repeat(MAX_REQUEST_BODY_BYTES) });
    const response = await call(endpoint, { rawBody: huge });
    expect(response.status).toBe(413);
    expect(response.body?.error).toMatchObject({ code: "payload_too_large", message: expect.stringContaining("the limit is 2 MiB (2,097,152 bytes)") });
  });
});
