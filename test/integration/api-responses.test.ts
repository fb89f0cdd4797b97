import * as bundlesRoute from "@/app/api/bundles/route";
import * as bundleRoute from "@/app/api/bundles/[id]/route";
import * as loadRoute from "@/app/api/bundles/[id]/load/route";
import * as executionsRoute from "@/app/api/executions/route";
import * as executionRoute from "@/app/api/executions/[id]/route";
import * as eventsRoute from "@/app/api/executions/[id]/events/route";
import * as summaryRoute from "@/app/api/executions/[id]/summary/route";
import * as issuesRoute from "@/app/api/issues/route";
import * as issueRoute from "@/app/api/issues/[id]/route";
import * as sessionTreeRoute from "@/app/api/issues/[id]/session-tree/route";
import * as treeSummaryRoute from "@/app/api/issues/[id]/tree-summary/route";
import * as referencesRoute from "@/app/api/references/route";
import * as resolveRoute from "@/app/api/references/resolve/route";
import * as searchRoute from "@/app/api/search/route";
import * as sessionsRoute from "@/app/api/sessions/route";
import * as sessionRoute from "@/app/api/sessions/[id]/route";
import * as specsRoute from "@/app/api/specs/route";
import * as specRoute from "@/app/api/specs/[id]/route";
import * as projectsRoute from "@/app/api/projects/route";
import * as projectRoute from "@/app/api/projects/[id]/route";
import * as cleanupRoute from "@/app/api/projects/[id]/cleanup/route";
import * as diffRoute from "@/app/api/executions/[id]/diff/route";
import * as compareRoute from "@/app/api/compare/diff/route";
import * as applyPreviewRoute from "@/app/api/executions/[id]/apply-preview/route";
import * as applyRoute from "@/app/api/executions/[id]/apply/route";
import * as outcomeRoute from "@/app/api/executions/[id]/outcome/route";
import * as sessionOutcomeRoute from "@/app/api/sessions/[id]/outcome/route";
import * as insightsRoute from "@/app/api/insights/route";
import { applyPreviewSchema, applyResultSchema, compareDiffSchema, executionDiffSchema } from "@/lib/diff/schema";
import { filteredExecutionsSchema, insightsSchema } from "@/lib/insights/schema";
import { executionOutcomeSchema, sessionOutcomeSchema } from "@/lib/outcomes/schema";
import { deleteProjectResponseSchema, projectDetailSchema, projectListResponseSchema, projectSchema, worktreeCleanupSchema } from "@/lib/projects/schema";
import { backlinksResponseSchema, resolveReferencesResponseSchema } from "@/lib/references/schema";
import { bundleSchema, bundleSummarySchema, deleteBundleResponseSchema, loadBundleResponseSchema } from "@/lib/bundles/schema";
import { apiErrorBodySchema, listResponseSchema } from "@/lib/schemas/common";
import {
  executionEventPageSchema,
  executionListItemSchema,
  executionSchema,
  executionSummarySchema,
  issueTreeSummarySchema,
  sessionTreeResponseSchema,
} from "@/lib/executions/schema";
import { deleteIssueResponseSchema, issueSchema } from "@/lib/issues/schema";
import { searchResponseSchema } from "@/lib/search/schema";
import { agentListSchema } from "@/lib/agents/schema";
import * as agentsRoute from "@/app/api/agents/route";
import * as runnersRoute from "@/app/api/runners/route";
import * as drainRoute from "@/app/api/runners/[id]/drain/route";
import { drainResponseSchema, runnerListSchema } from "@/lib/runners/schema";
import { sessionDetailSchema, sessionSummarySchema } from "@/lib/sessions/schema";
import { deleteSpecResponseSchema, specSchema } from "@/lib/specs/schema";
import { randomUUID } from "node:crypto";
import { mkdirSync } from "node:fs";
import path from "node:path";
import type { z } from "zod";
import { prisma } from "@/server/db";
import { releaseWorkerUtils } from "@/server/queue/worker-utils";
import { ensureSessionOf } from "@/server/sessions/record-session-capture";
import { apiRequest, call, type Handler } from "@/test/support/api";
import { resetDb } from "@/test/support/db";
import { setEnv } from "@/test/support/route-call";
import { makeIssue } from "@/test/support/factories";
import { tempRepos } from "@/test/support/git-repo";
import { simulateRun } from "@/test/support/simulated-run";

// The response schemas in lib/ are what the API answers: every answer below
// parses, and parsing drops nothing (a field the schema does not know would
// be stripped, so the parsed value would differ from the answer).

// A run of an agent without its key is refused up front; no agent runs here, so any key will do.
let restoreEnv: () => void;
beforeAll(async () => {
  restoreEnv = setEnv({ ANTHROPIC_API_KEY: "test-key" });
  await resetDb();
});
afterAll(async () => {
  restoreEnv();
  await releaseWorkerUtils();
  await prisma.$disconnect();
});

async function expectShape<S extends z.ZodType>(
  schema: S,
  handler: Handler,
  method: string,
  path: string,
  options: { body?: unknown; id?: string; status?: number; headers?: Record<string, string> } = {},
) {
  const answer = await call(handler, apiRequest(method, path, options.body, options.headers), options.id ? { id: options.id } : {});
  expect({ path, status: answer.status }).toEqual({ path, status: options.status ?? 200 });
  const parsed = schema.safeParse(answer.body);
  if (!parsed.success) throw new Error(`${method} ${path}: ${parsed.error.message}\n${JSON.stringify(answer.body, null, 2)}`);
  expect(parsed.data).toEqual(answer.body);
  return parsed.data as z.output<S>;
}

test("every API answer matches its response schema exactly", async () => {
  const spec = await expectShape(specSchema, specsRoute.POST, "POST", "/api/specs", { body: { title: "Auth", body: "Sign in." }, status: 201 });
  await expectShape(specSchema, specRoute.GET, "GET", `/api/specs/${spec.id}`, { id: spec.id });
  await expectShape(listResponseSchema(specSchema), specsRoute.GET, "GET", "/api/specs");
  const issue = await expectShape(issueSchema, issuesRoute.POST, "POST", "/api/issues", {
    body: { title: "Login fails", body: `See [[${spec.id}]].`, specId: spec.id },
    status: 201,
  });
  await expectShape(issueSchema, issueRoute.GET, "GET", `/api/issues/${issue.id}`, { id: issue.id });
  await expectShape(listResponseSchema(issueSchema), issuesRoute.GET, "GET", "/api/issues");
  await expectShape(apiErrorBodySchema, issueRoute.GET, "GET", "/api/issues/ISSUE-999", { id: "ISSUE-999", status: 404 });
  await expectShape(apiErrorBodySchema, issuesRoute.POST, "POST", "/api/issues", { body: { title: "" }, status: 422 });

  const execution = await expectShape(executionSchema, executionsRoute.POST, "POST", "/api/executions", {
    body: { issueId: issue.id, prompt: "fix the marmalade login" },
    headers: { "idempotency-key": "api-responses-1" },
    status: 201,
  });
  await expectShape(executionSchema, executionRoute.GET, "GET", `/api/executions/${execution.id}`, { id: execution.id });
  await expectShape(listResponseSchema(executionListItemSchema), executionsRoute.GET, "GET", "/api/executions");
  await expectShape(executionEventPageSchema, eventsRoute.GET, "GET", `/api/executions/${execution.id}/events?after=0`, { id: execution.id });
  await expectShape(executionSummarySchema, summaryRoute.GET, "GET", `/api/executions/${execution.id}/summary`, { id: execution.id });
  await expectShape(sessionTreeResponseSchema, sessionTreeRoute.GET, "GET", `/api/issues/${issue.id}/session-tree`, { id: issue.id });
  await expectShape(issueTreeSummarySchema, treeSummaryRoute.GET, "GET", `/api/issues/${issue.id}/tree-summary`, { id: issue.id });

  // A finished turn with a captured session, as a runner leaves it.
  const row = await prisma.execution.findUniqueOrThrow({ where: { id: execution.id } });
  await prisma.execution.update({
    where: { id: execution.id },
    data: {
      status: "completed",
      sessionId: row.targetSessionId,
      sessionConfirmed: true,
      startedAt: new Date(),
      finishedAt: new Date(),
      inputTokens: 10,
      outputTokens: 5,
      costUsd: 0.01,
    },
  });
  const sessionId = (await ensureSessionOf(execution.id))!;
  await expectShape(listResponseSchema(sessionSummarySchema), sessionsRoute.GET, "GET", "/api/sessions");
  const session = await expectShape(sessionDetailSchema, sessionRoute.GET, "GET", `/api/sessions/${sessionId}`, { id: sessionId });
  expect(session.head?.id).toBe(execution.id);
  await expectShape(sessionDetailSchema, sessionRoute.PATCH, "PATCH", `/api/sessions/${sessionId}`, {
    id: sessionId,
    body: { description: `Cites [[${issue.id}]].` },
  });

  await expectShape(backlinksResponseSchema, referencesRoute.GET, "GET", `/api/references?target=${issue.id}`);
  await expectShape(resolveReferencesResponseSchema, resolveRoute.GET, "GET", `/api/references/resolve?ids=${spec.id},${issue.id},${sessionId},SPEC-999`);
  const search = await expectShape(searchResponseSchema, searchRoute.GET, "GET", "/api/search?q=marmalade");
  expect(search.hitCount).toBeGreaterThan(0);

  const bundle = await expectShape(bundleSchema, bundlesRoute.POST, "POST", "/api/bundles", {
    body: { name: "Login", items: [spec.id, issue.id, "0123abc"] },
    status: 201,
  });
  await expectShape(listResponseSchema(bundleSummarySchema), bundlesRoute.GET, "GET", "/api/bundles");
  // No session in it: a new execution on its issue (a Continue would need a live runner).
  await expectShape(loadBundleResponseSchema, loadRoute.POST, "POST", `/api/bundles/${bundle.id}/load`, {
    id: bundle.id,
    body: { prompt: "carry on" },
    headers: { "idempotency-key": "api-responses-2" },
    status: 201,
  });
  await expectShape(deleteBundleResponseSchema, bundleRoute.DELETE, "DELETE", `/api/bundles/${bundle.id}`, { id: bundle.id });

  const other = await expectShape(issueSchema, issuesRoute.POST, "POST", "/api/issues", { body: { title: "Throwaway" }, status: 201 });
  await expectShape(deleteIssueResponseSchema, issueRoute.DELETE, "DELETE", `/api/issues/${other.id}`, { id: other.id });
  const lone = await expectShape(specSchema, specsRoute.POST, "POST", "/api/specs", { body: { title: "Lone" }, status: 201 });
  await expectShape(deleteSpecResponseSchema, specRoute.DELETE, "DELETE", `/api/specs/${lone.id}`, { id: lone.id });

  const agents = await expectShape(agentListSchema, agentsRoute.GET, "GET", "/api/agents");
  expect(agents.agents.map((a) => a.id)).toEqual(expect.arrayContaining(["claude", "codex", "gemini", "opencode", "qwen", "copilot", "aider", "command"]));
});

test("projects, diffs and Apply, outcomes and Insights answer as their response schemas say", async () => {
  const repos = tempRepos("arbor-api-responses-");
  mkdirSync(path.join(repos.root, "workspace"));
  const restore = setEnv({
    ARBOR_WORKSPACE: path.join(repos.root, "workspace"),
    ARBOR_DATA_DIR: path.join(repos.root, "data"),
    ARBOR_WORKSPACE_ROOTS: undefined,
  });
  try {
    const repo = repos.repo("app", { "plan.txt": "original\n" });
    const project = await expectShape(projectSchema, projectsRoute.POST, "POST", "/api/projects", { body: { path: repo }, status: 201 });
    await expectShape(projectListResponseSchema, projectsRoute.GET, "GET", "/api/projects");
    await expectShape(projectSchema, projectRoute.PATCH, "PATCH", `/api/projects/${project.id}`, { id: project.id, body: { name: "App" } });
    const issueId = (await makeIssue({ projectId: project.id })).id;
    const a = await simulateRun({ project, issueId, files: { "plan.txt": "a\n" } });
    const b = await simulateRun({ project, issueId, files: { "plan.txt": "b\n", "notes.txt": "b\n" } });
    await expectShape(projectDetailSchema, projectRoute.GET, "GET", `/api/projects/${project.id}`, { id: project.id });

    await expectShape(executionDiffSchema, diffRoute.GET, "GET", `/api/executions/${a.id}/diff`, { id: a.id });
    await expectShape(compareDiffSchema, compareRoute.GET, "GET", `/api/compare/diff?a=${a.id}&b=${b.id}`);
    await expectShape(applyPreviewSchema, applyPreviewRoute.GET, "GET", `/api/executions/${a.id}/apply-preview`, { id: a.id });
    await expectShape(applyResultSchema, applyRoute.POST, "POST", `/api/executions/${a.id}/apply`, { id: a.id, body: {} });
    // b now conflicts with the base branch: the preview says so in its own shape.
    const conflicted = await expectShape(applyPreviewSchema, applyPreviewRoute.GET, "GET", `/api/executions/${b.id}/apply-preview`, { id: b.id });
    expect(conflicted.merge).toBe("conflicts");

    await expectShape(executionOutcomeSchema, outcomeRoute.PUT, "PUT", `/api/executions/${a.id}/outcome`, { id: a.id, body: { mark: "worked", note: "good" } });
    await expectShape(executionOutcomeSchema, outcomeRoute.GET, "GET", `/api/executions/${b.id}/outcome?over=${a.id}`, { id: b.id });
    await prisma.execution.update({ where: { id: b.id }, data: { sessionId: randomUUID(), sessionConfirmed: true } });
    const sessionId = (await ensureSessionOf(b.id))!;
    await expectShape(sessionOutcomeSchema, sessionOutcomeRoute.PUT, "PUT", `/api/sessions/${sessionId}/outcome`, { id: sessionId, body: { mark: "failed" } });
    await expectShape(sessionOutcomeSchema, sessionOutcomeRoute.GET, "GET", `/api/sessions/${sessionId}/outcome`, { id: sessionId });

    await expectShape(insightsSchema, insightsRoute.GET, "GET", "/api/insights?since=all");
    const drilled = await expectShape(filteredExecutionsSchema, executionsRoute.GET, "GET", `/api/executions?project=${project.id}&limit=1`);
    expect(drilled.nextBefore).not.toBeNull();

    await prisma.session.update({ where: { id: sessionId }, data: { archived: true } });
    await expectShape(worktreeCleanupSchema, cleanupRoute.POST, "POST", `/api/projects/${project.id}/cleanup`, { id: project.id, body: {} });
    const other = await expectShape(projectSchema, projectsRoute.POST, "POST", "/api/projects", { body: { path: repos.repo("lib") }, status: 201 });
    await expectShape(deleteProjectResponseSchema, projectRoute.DELETE, "DELETE", `/api/projects/${other.id}`, { id: other.id });
  } finally {
    restore();
    repos.cleanup();
  }
});

test("runners and drain answer as their response schemas say", async () => {
  // A runner row as a live runner keeps it (no runner process here: the drain's NOTIFY goes unheard).
  const now = new Date();
  await prisma.runner.create({
    data: { id: "shape-runner", hostname: "h", pid: 1, startedAt: now, heartbeatAt: now, concurrency: 2, installedAgents: ["claude"] },
  });
  const list = await expectShape(runnerListSchema, runnersRoute.GET, "GET", "/api/runners");
  expect(list.items.map((r) => r.id)).toContain("shape-runner");
  const drained = await expectShape(drainResponseSchema, drainRoute.POST, "POST", "/api/runners/shape-runner/drain", { id: "shape-runner" });
  expect(drained.runner.state).toBe("draining");
  await expectShape(apiErrorBodySchema, drainRoute.POST, "POST", "/api/runners/nope/drain", { id: "nope", status: 404 });
});
