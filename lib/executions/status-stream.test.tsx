import { QueryClient, QueryClientProvider, QueryObserver } from "@tanstack/react-query";
import { act, renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { applyExecutionUpdate, useExecutionStatusStream } from "@/lib/executions/status-stream";
import { queryKeys } from "@/lib/query-keys";
import { buildSessionTree } from "@/lib/executions/build-session-tree";
import type { SessionTreeNode } from "@/lib/executions/tree-schema";
import { flattenTree } from "@/lib/executions/session-tree";
import { makeExecution, runContinueFork } from "@/test/support/execution-fixtures";
import { FakeEventSource } from "@/test/support/fake-event-source";

describe("applyExecutionUpdate (status events patch the cache)", () => {
  it("patches the detail, the issue's tree and the home lists; refetches views that lack the execution", () => {
    const queryClient = new QueryClient();
    const { next, roots } = runContinueFork();
    const running = { ...next, status: "running" as const };
    queryClient.setQueryData(queryKeys.executions.detail(next.id), { ...running, waitingForExecutionId: null });
    queryClient.setQueryData(queryKeys.issues.sessionTree("ISSUE-1"), { roots });
    queryClient.setQueryData(queryKeys.executions.list({ status: "running,queued", limit: 20 }), { items: [{ ...running, issueTitle: "t" }] });
    queryClient.setQueryData(queryKeys.executions.list({ limit: 8 }), { items: [{ ...running, issueTitle: "t" }] });

    applyExecutionUpdate(queryClient, { ...next, status: "failed" });

    expect(queryClient.getQueryData<typeof next>(queryKeys.executions.detail(next.id))?.status).toBe("failed");
    const tree = queryClient.getQueryData<{ roots: typeof roots }>(queryKeys.issues.sessionTree("ISSUE-1"))!;
    expect(flattenTree(tree.roots).find((n) => n.id === next.id)?.status).toBe("failed");
    // The recent list keeps it (patched); the running list no longer matches, so it is refetched.
    expect(queryClient.getQueryData<{ items: { status: string }[] }>(queryKeys.executions.list({ limit: 8 }))?.items[0].status).toBe("failed");
    expect(queryClient.getQueryState(queryKeys.executions.list({ status: "running,queued", limit: 20 }))?.isInvalidated).toBe(true);

    const stranger = makeExecution();
    applyExecutionUpdate(queryClient, stranger);
    expect(queryClient.getQueryState(queryKeys.issues.sessionTree("ISSUE-1"))?.isInvalidated).toBe(true);
  });
});

describe("applyExecutionUpdate and what a turn consulted through Arbor", () => {
  it("keeps the tree's consulted refs (a status event does not carry them) and refetches the turn's calls once it ends", () => {
    const queryClient = new QueryClient();
    const { run, next } = runContinueFork();
    const running = { ...next, status: "running" as const };
    queryClient.setQueryData(queryKeys.executions.detail(next.id), running);
    queryClient.setQueryData(queryKeys.issues.sessionTree("ISSUE-1"), { roots: buildSessionTree([run, { ...running, consulted: ["SESS-3"] }]) });
    queryClient.setQueryData(queryKeys.executions.mcpCalls(next.id), { consulted: ["SESS-3"] });

    applyExecutionUpdate(queryClient, { ...running, eventCount: 9 });
    expect(queryClient.getQueryState(queryKeys.executions.mcpCalls(next.id))?.isInvalidated).toBe(false);
    applyExecutionUpdate(queryClient, { ...next, status: "completed" });

    const tree = queryClient.getQueryData<{ roots: SessionTreeNode[] }>(queryKeys.issues.sessionTree("ISSUE-1"))!;
    expect(flattenTree(tree.roots).find((n) => n.id === next.id)).toMatchObject({ status: "completed", consulted: ["SESS-3"] });
    expect(queryClient.getQueryState(queryKeys.executions.mcpCalls(next.id))?.isInvalidated).toBe(true);
  });
});

describe("applyExecutionUpdate and sessions", () => {
  it("refreshes sessions when a turn changes status, not when the same status repeats", () => {
    const queryClient = new QueryClient();
    const turn = makeExecution({ status: "running", managedSessionId: "SESS-1" });
    queryClient.setQueryData(queryKeys.executions.detail(turn.id), turn);
    queryClient.setQueryData(queryKeys.sessions.detail("SESS-1"), { id: "SESS-1" });
    applyExecutionUpdate(queryClient, { ...turn });
    expect(queryClient.getQueryState(queryKeys.sessions.detail("SESS-1"))?.isInvalidated).toBe(false);
    applyExecutionUpdate(queryClient, { ...turn, status: "completed" });
    expect(queryClient.getQueryState(queryKeys.sessions.detail("SESS-1"))?.isInvalidated).toBe(true);
  });
});

describe("applyExecutionUpdate and approvals", () => {
  it("asks again for a list whose first answer was on its way when the execution started waiting", async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const e = makeExecution({ status: "running" });
    queryClient.setQueryData(queryKeys.executions.detail(e.id), e);
    const answers: Array<(list: { approvals: unknown[] }) => void> = [];
    const key = queryKeys.approvals.list({ status: "pending", executionId: e.id });
    const observer = new QueryObserver(queryClient, { queryKey: key, queryFn: () => new Promise((resolve) => answers.push(resolve)) });
    const unsubscribe = observer.subscribe(() => {});
    expect(answers).toHaveLength(1); // the list's first request, sent before the agent asked

    applyExecutionUpdate(queryClient, { ...e, waitingFor: { approvalId: "APR-1", kind: "tool", summary: "$ npm test" } });
    answers[0]({ approvals: [] }); // its answer, read before the approval was recorded
    await waitFor(() => expect(answers).toHaveLength(2));
    answers[1]({ approvals: [{ id: "APR-1" }] });
    await waitFor(() => expect(queryClient.getQueryData(key)).toEqual({ approvals: [{ id: "APR-1" }] }));
    unsubscribe();
  });
});

describe("useExecutionStatusStream", () => {
  it("opens one stream, patches the cache from it, resyncs after a reconnect and closes on unmount", () => {
    FakeEventSource.install();
    const queryClient = new QueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
    const { unmount } = renderHook(() => useExecutionStatusStream(), { wrapper });
    expect(FakeEventSource.instances).toHaveLength(1);
    const source = FakeEventSource.instances[0];
    expect(source.url).toBe("/api/executions/stream");

    const e = makeExecution({ status: "running" });
    act(() => source.emit("status", e));
    expect(queryClient.getQueryData<typeof e>(queryKeys.executions.detail(e.id))?.status).toBe("running");

    queryClient.setQueryData(queryKeys.executions.list({ limit: 8 }), { items: [] });
    act(() => source.emit("open", {}));
    expect(queryClient.getQueryState(queryKeys.executions.list({ limit: 8 }))?.isInvalidated).toBe(false);
    act(() => source.emit("open", {}));
    expect(queryClient.getQueryState(queryKeys.executions.list({ limit: 8 }))?.isInvalidated).toBe(true);

    unmount();
    expect(source.closed).toBe(true);
  });
});
