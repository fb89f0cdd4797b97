import { act, render, screen } from "@testing-library/react";
import type { CheckResult } from "@/lib/executions/check-schema";
import { buildSessionTree } from "@/lib/executions/build-session-tree";
import type { PullRequestListItem } from "@/lib/pulls/schema";
import { makeExecution } from "@/test/support/execution-fixtures";

jest.mock("next/navigation", () => ({ useRouter: () => ({ push: jest.fn() }) }));
// Required after the mock (the esbuild transform does not hoist jest.mock).
const { SessionTreeGraph } = require("@/components/session-tree/session-tree-graph") as typeof import("@/components/session-tree/session-tree-graph");

// Each turn's check (✓/✗/⏱/!/…) and its line's pull request on the tree:
// a mark on the node, words in its accessible name and its tooltip.

beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, "clientWidth", { configurable: true, get: () => 2000 });
  Object.defineProperty(HTMLElement.prototype, "clientHeight", { configurable: true, get: () => 500 });
  (globalThis as unknown as { ResizeObserver: unknown }).ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
});

const check = (status: CheckResult["status"], summary: string): CheckResult => ({
  status,
  exitCode: status === "passed" ? 0 : status === "failed" ? 1 : null,
  durationMs: 1000,
  summary,
  command: "npm test",
  snapshotSha: "b",
  reusedFromExecutionId: null,
  startedAt: "2026-01-01T12:00:00.000Z",
});
const worktree = (branch: string) => ({ path: "/w", branch, state: "present" as const, startSha: "a", snapshotSha: "b", changes: null });

it("marks each node's check and names it in words, with the summary in the tooltip", async () => {
  const run = makeExecution({ check: check("failed", "failed (exit 1) in 1.0 s: 2 failing"), worktree: worktree("arbor/ISSUE-1/a") });
  const next = makeExecution({
    parentExecutionId: run.id,
    sessionId: run.sessionId,
    check: check("passed", "passed in 1.0 s"),
    worktree: worktree("arbor/ISSUE-1/a"),
  });
  const fork = makeExecution({ forkedFromExecutionId: run.id, check: check("timed_out", "timed out after 600 s"), worktree: worktree("arbor/ISSUE-1/b") });
  const plain = makeExecution({ forkedFromExecutionId: run.id });
  const { container } = render(<SessionTreeGraph roots={buildSessionTree([run, next, fork, plain])} />);
  const mark = (id: string) => container.querySelector(`[data-node-id="${id}"] [data-slot="check"]`);
  expect(mark(run.id)).toHaveTextContent("✗");
  expect(mark(next.id)).toHaveTextContent("✓");
  expect(mark(fork.id)).toHaveTextContent("⏱");
  expect(mark(plain.id)).toBeNull();
  expect(container.querySelector(`[data-node-id="${next.id}"]`)).toHaveAttribute("data-check", "passed");
  expect(screen.getByRole("treeitem", { name: /, completed, check failed: / })).toHaveAttribute("data-node-id", run.id);
  expect(screen.getByRole("treeitem", { name: /, completed, check passed, head/ })).toHaveAttribute("data-node-id", next.id);
  const item = screen.getByRole("treeitem", { name: /check timed out/ });
  act(() => item.focus());
  expect(await screen.findByRole("tooltip")).toHaveTextContent("check timed out: timed out after 600 s");
});

it("puts a PR marker on the line's head and the turn it was opened from, with state, CI and comments in its name", async () => {
  const run = makeExecution({ worktree: worktree("arbor/ISSUE-1/a") });
  const middle = makeExecution({ parentExecutionId: run.id, sessionId: run.sessionId, worktree: worktree("arbor/ISSUE-1/a") });
  const head = makeExecution({ parentExecutionId: middle.id, sessionId: run.sessionId, worktree: worktree("arbor/ISSUE-1/a") });
  const other = makeExecution({ forkedFromExecutionId: run.id, worktree: worktree("arbor/ISSUE-1/b") });
  const pr: PullRequestListItem = {
    id: "p1",
    executionId: middle.id,
    branch: "arbor/ISSUE-1/a",
    number: 7,
    url: "https://github.example/acme/app/pull/7",
    title: "t",
    state: "open",
    ciStatus: "failure",
    reviewCommentCount: 2,
  };
  const { container } = render(<SessionTreeGraph roots={buildSessionTree([run, middle, head, other])} pullRequests={[pr]} />);
  const marker = (id: string) => container.querySelector(`[data-node-id="${id}"] [data-slot="pull-request"]`);
  expect(marker(middle.id)).toHaveTextContent("PR #7");
  expect(marker(head.id)).toHaveTextContent("PR #7");
  expect(marker(run.id)).toBeNull();
  expect(marker(other.id)).toBeNull();
  const item = screen.getByRole("treeitem", { name: /PR #7 open, CI failing, 2 review comments, head/ });
  expect(item).toHaveAttribute("data-node-id", head.id);
  act(() => item.focus());
  expect(await screen.findByRole("tooltip")).toHaveTextContent("PR #7 open, CI failing, 2 review comments");
});
