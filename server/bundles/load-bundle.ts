import "server-only";
import type { LoadBundleResponse } from "@/lib/bundles/schema";
import { err, ok, type Result } from "@/lib/result";
import { prisma } from "@/server/db";
import type { Execution } from "@/server/generated/prisma/client";
import { composeLoadPrompt, type ContextDocument } from "@/server/bundles/compose-load-prompt";
import { findBundleRow } from "@/server/bundles/get-bundle";
import { branchExecution } from "@/server/executions/branch-execution";
import { createExecution } from "@/server/executions/create-execution";
import { findSessionHead } from "@/server/executions/session-head";

/**
 * Load context: give the agent the bundle's context and the person's prompt.
 * - The bundle names sessions: the one active most recently (its last
 *   captured turn, or the last start/finish of any of its executions) gets
 *   the next turn, through the same Continue as the execution page's (its
 *   head execution; runner, queueing and errors as there).
 * - Otherwise: a new execution on the bundle's first issue (422 if none).
 * Either way the prompt carries the bundle's specs' and issues' current
 * text and lists its commits (compose-load-prompt.ts).
 */
export async function loadBundle(
  rawId: string,
  input: { prompt: string; agent?: string },
  idempotencyKey?: string | null,
): Promise<Result<LoadBundleResponse>> {
  const found = await findBundleRow(rawId);
  if (!found.ok) return found;
  const bundle = found.value;
  const ids = (type: string) => bundle.items.filter((i) => i.entityType === type).map((i) => i.entityId);

  const [specs, issues, sessions] = await Promise.all([
    prisma.spec.findMany({ where: { id: { in: ids("spec") } }, select: { id: true, title: true, body: true } }),
    prisma.issue.findMany({ where: { id: { in: ids("issue") } }, select: { id: true, title: true, body: true, status: true } }),
    sessionsByActivity(ids("session")),
  ]);
  const documents: ContextDocument[] = [];
  const specById = new Map(specs.map((s) => [s.id, s]));
  const issueById = new Map(issues.map((i) => [i.id, i]));
  for (const item of bundle.items) {
    const spec = item.entityType === "spec" ? specById.get(item.entityId) : undefined;
    const issue = item.entityType === "issue" ? issueById.get(item.entityId) : undefined;
    if (spec) documents.push({ type: "spec", id: spec.id, title: spec.title, body: spec.body });
    if (issue) documents.push({ type: "issue", id: issue.id, title: issue.title, body: issue.body, status: issue.status });
  }

  // The most recently active session that still has a turn to continue from.
  let target: { session: SessionActivity; head: Execution } | null = null;
  for (const session of sessions) {
    const head = await headOf(session);
    if (head) {
      target = { session, head };
      break;
    }
  }
  const prompt = composeLoadPrompt({
    bundle: { id: bundle.id, name: bundle.name, description: bundle.description },
    documents,
    commits: ids("commit"),
    sessions: sessions.filter((s) => s.id !== target?.session.id).map((s) => ({ id: s.id, title: s.title })),
    prompt: input.prompt,
  });

  if (target) {
    const continued = await branchExecution(target.head.id, "continue", prompt, idempotencyKey);
    if (!continued.ok) return continued;
    const execution = continued.value.execution;
    return ok({ mode: "continue", sessionId: target.session.id, issueId: execution.issueId, execution });
  }

  const issueId = ids("issue").find((id) => issueById.has(id));
  if (!issueId) {
    return err({
      code: "validation_failed",
      message: `Bundle ${bundle.id} has no session to continue and no issue to start an execution on: add a session or an issue to it first.`,
      details: { reason: "nothing_to_load", fieldErrors: {}, formErrors: ["Add a session or an issue to the bundle"] },
    });
  }
  const created = await createExecution({ issueId, prompt, agent: input.agent, idempotencyKey });
  if (!created.ok) return created;
  return ok({ mode: "start", sessionId: null, issueId, execution: created.value.execution });
}

type SessionActivity = { id: string; title: string; agent: string; agent_session_id: string; last_activity_at: Date };

/** The bundle's existing sessions, most recently active first (as the sessions list orders them). */
async function sessionsByActivity(ids: string[]): Promise<SessionActivity[]> {
  if (ids.length === 0) return [];
  return prisma.$queryRaw<SessionActivity[]>`
    SELECT s.id, s.title, s.agent, s.agent_session_id,
           GREATEST(s.last_activity_at, COALESCE(a.last_at, s.last_activity_at)) AS last_activity_at
      FROM sessions s
      LEFT JOIN LATERAL (
        SELECT max(COALESCE(e.finished_at, e.started_at, e.created_at)) AS last_at
          FROM executions e WHERE e.managed_session_id = s.id
      ) a ON true
     WHERE s.id = ANY(${ids}::text[])
     ORDER BY 5 DESC, s.number DESC`;
}

/** The turn to continue: the agent session's head, else the session's latest execution. */
async function headOf(session: SessionActivity): Promise<Execution | null> {
  const head = await findSessionHead(session.agent_session_id);
  if (head && head.agent === session.agent) return head;
  return prisma.execution.findFirst({ where: { managedSessionId: session.id }, orderBy: [{ createdAt: "desc" }, { id: "desc" }] });
}
