import { QueryClient } from "@tanstack/react-query";
import { applyExecutionUpdate } from "@/lib/hooks/use-execution-status-stream";
import { queryKeys } from "@/lib/query-keys";
import { flattenTree } from "@/lib/session-tree";
import { makeExecution, runContinueFork } from "@/test/support/execution-fixtures";

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
