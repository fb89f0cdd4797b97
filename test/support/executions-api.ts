// The executions API as the tests drive it: each call through the real route handler.
import { POST as createRoute } from "@/app/api/executions/route";
import { GET as getRoute } from "@/app/api/executions/[id]/route";
import { GET as eventsRoute } from "@/app/api/executions/[id]/events/route";
import { POST as continueRoute } from "@/app/api/executions/[id]/continue/route";
import { POST as forkRoute } from "@/app/api/executions/[id]/fork/route";
import { POST as cancelRoute } from "@/app/api/executions/[id]/cancel/route";
import { POST as startFreshRoute } from "@/app/api/executions/[id]/start-fresh/route";
import { GET as sessionTreeRoute } from "@/app/api/issues/[id]/session-tree/route";
import { TERMINAL_STATUSES } from "@/lib/executions/types";
import type { ExecutionDto, SessionTreeNode } from "@/lib/executions/schema";
import type { LogEntry } from "@/lib/executions/log-entries";
import { send } from "@/test/support/api";
import { waitFor } from "@/test/support/wait";

export const api = {
  create: (body: unknown, headers?: Record<string, string>) => send<ExecutionDto>(createRoute, { body, headers, path: "/api/executions" }),
  get: (id: string) => send<ExecutionDto>(getRoute, { id, path: `/api/executions/${id}` }),
  continue: (id: string, prompt: string, headers?: Record<string, string>) =>
    send<ExecutionDto>(continueRoute, { id, body: { prompt }, headers, path: `/api/executions/${id}/continue` }),
  fork: (id: string, prompt: string, headers?: Record<string, string>) =>
    send<ExecutionDto>(forkRoute, { id, body: { prompt }, headers, path: `/api/executions/${id}/fork` }),
  /** Continue or Fork with any body ({prompt, freshSession}). */
  followUp: (mode: "continue" | "fork", id: string, body: Record<string, unknown>) =>
    send<ExecutionDto>(mode === "continue" ? continueRoute : forkRoute, { id, body, path: `/api/executions/${id}/${mode}` }),
  cancel: (id: string) => send<ExecutionDto>(cancelRoute, { id, method: "POST", path: `/api/executions/${id}/cancel` }),
  startFresh: (id: string, body?: unknown) => send<ExecutionDto>(startFreshRoute, { id, method: "POST", body, path: `/api/executions/${id}/start-fresh` }),
  events: (id: string, after = 0) =>
    send<{ events: Array<{ seq: number; stream: string; kind: string; entries: LogEntry[] }>; nextAfter: number }>(eventsRoute, {
      id,
      path: `/api/executions/${id}/events?after=${after}&limit=5000`,
      headers: { accept: "application/json" },
    }),
  sessionTree: (issueId: string) => send<{ roots: SessionTreeNode[] }>(sessionTreeRoute, { id: issueId, path: `/api/issues/${issueId}/session-tree` }),
  routes: { createRoute, getRoute, eventsRoute, continueRoute, forkRoute, cancelRoute, startFreshRoute, sessionTreeRoute },
};

/** GET /api/executions/:id until the predicate holds. */
export function waitForDto(id: string, predicate: (dto: ExecutionDto) => boolean, what: string, timeoutMs = 60_000): Promise<ExecutionDto> {
  return waitFor(
    async () => {
      const got = await api.get(id);
      return got.status === 200 && predicate(got.body) ? got.body : undefined;
    },
    `${what} (execution ${id})`,
    timeoutMs,
  );
}

export const waitForEnd = (id: string, timeoutMs = 60_000) => waitForDto(id, (e) => TERMINAL_STATUSES.has(e.status), "a final status", timeoutMs);

/** A run or follow-up asked for (201), waited for, and checked to have completed without an error. */
export async function completed(response: Promise<{ status: number; body: { id: string } }>): Promise<ExecutionDto> {
  const created = await response;
  expect(created.status).toBe(201);
  const done = await waitForEnd(created.body.id);
  expect(done).toMatchObject({ status: "completed", error: null });
  return done;
}
