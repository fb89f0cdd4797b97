import { randomUUID } from "node:crypto";
import { prisma } from "@/server/db";
import type { ExecutionStatus } from "@/lib/executions/types";

// Executions written straight into the database (no runner), with exactly the
// fields a metric reads, so each test can state its expected numbers by hand.
// The execution_facts trigger keeps Insights' rows as the runner's writes would.

export type Fixture = {
  issueId: string;
  at: string;
  agent?: string;
  status?: ExecutionStatus;
  parent?: string;
  forkedFrom?: string;
  restartedFrom?: string;
  /** Agent session id (null: none captured); a Continue reuses its parent's. */
  session?: string | null;
  /** ms from start to the session id's capture; undefined: not recorded. */
  captureMs?: number;
  managedSessionId?: string | null;
  errorCode?: string | null;
  input?: number;
  output?: number;
  cacheRead?: number;
  cost?: number;
  turns?: number;
  model?: string;
  tools?: string[];
};

export async function addExecution(f: Fixture): Promise<string> {
  const id = randomUUID();
  const at = new Date(f.at);
  const session = f.session === undefined ? randomUUID() : f.session;
  await prisma.execution.create({
    data: {
      id,
      issueId: f.issueId,
      agent: f.agent ?? "claude",
      prompt: `work ${id.slice(0, 8)}`,
      cwd: "/workspace",
      status: f.status ?? "completed",
      targetSessionId: session,
      sessionId: session,
      parentExecutionId: f.parent ?? null,
      forkedFromExecutionId: f.forkedFrom ?? null,
      restartedFromExecutionId: f.restartedFrom ?? null,
      managedSessionId: f.managedSessionId ?? null,
      errorCode: f.errorCode ?? null,
      errorMessage: f.errorCode ? `failed: ${f.errorCode}` : null,
      inputTokens: f.input ?? null,
      outputTokens: f.output ?? null,
      cacheReadTokens: f.cacheRead ?? null,
      costUsd: f.cost ?? null,
      numTurns: f.turns ?? null,
      createdAt: at,
      startedAt: at,
      sessionCapturedAt: session && f.captureMs !== undefined ? new Date(at.getTime() + f.captureMs) : null,
      finishedAt: ["queued", "running"].includes(f.status ?? "completed") ? null : new Date(at.getTime() + 60_000),
    },
  });
  if (f.model || f.tools) {
    await prisma.executionFacts.update({ where: { executionId: id }, data: { model: f.model ?? null, tools: f.tools ?? [] } });
  }
  return id;
}

let sessionNumber = 0;

/** A session row (SESS-n) the given executions are turns of. */
export async function addSession(issueId: string, executionIds: string[], options: { archived?: boolean } = {}): Promise<string> {
  sessionNumber += 1;
  const id = `SESS-${sessionNumber}`;
  await prisma.session.create({
    data: { id, number: sessionNumber, agent: "claude", agentSessionId: randomUUID(), issueId, title: id, archived: options.archived ?? false },
  });
  await prisma.execution.updateMany({ where: { id: { in: executionIds } }, data: { managedSessionId: id } });
  return id;
}

export function resetSessionNumbers(): void {
  sessionNumber = 0;
}
