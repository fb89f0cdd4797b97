import { act, fireEvent, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { buildSessionTree } from "@/lib/executions/build-session-tree";
import { latestHead } from "@/lib/executions/session-tree";
import { chainWithForks, makeExecution, runContinueFork } from "@/test/support/execution-fixtures";

const mockPush = jest.fn();
jest.mock("next/navigation", () => ({ useRouter: () => ({ push: mockPush }) }));
// Required after the mock (the esbuild transform does not hoist jest.mock).
const { SessionTreeGraph } = require("@/components/session-tree/session-tree-graph") as typeof import("@/components/session-tree/session-tree-graph");

beforeAll(() => {
  // jsdom has no layout: give the viewport a size and stub ResizeObserver.
  Object.defineProperty(HTMLElement.prototype, "clientWidth", { configurable: true, get: () => 2000 });
  Object.defineProperty(HTMLElement.prototype, "clientHeight", { configurable: true, get: () => 500 });
  (globalThis as unknown as { ResizeObserver: unknown }).ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
});

beforeEach(() => mockPush.mockReset());

function nodes(container: HTMLElement) {
  return container.querySelectorAll("[data-node-id]");
}

describe("SessionTreeGraph", () => {
  it("draws one node per execution, continue edges solid and fork edges dashed", () => {
    const { run, next, fork, roots } = runContinueFork();
    const { container } = render(<SessionTreeGraph roots={roots} label="Session tree of ISSUE-1" />);
    const tree = screen.getByRole("tree", { name: "Session tree of ISSUE-1" });
    expect(within(tree).getAllByRole("treeitem")).toHaveLength(3);
    expect([...nodes(container)].map((n) => n.getAttribute("data-node-id")).sort()).toEqual([run.id, next.id, fork.id].sort());

    const forkEdges = container.querySelectorAll('path[data-edge="fork"]');
    const continueEdges = container.querySelectorAll('path[data-edge="continue"]');
    expect(forkEdges).toHaveLength(1);
    expect(continueEdges).toHaveLength(1);
    expect(forkEdges[0].getAttribute("stroke-dasharray")).toBe("6 4");
    expect(forkEdges[0].getAttribute("class")).toMatch(/violet/);
    expect(continueEdges[0].getAttribute("stroke-dasharray")).toBeNull();

    // Heads (latest turn of each chain) are marked; the run itself is not one.
    expect(container.querySelector(`[data-node-id="${next.id}"]`)).toHaveAttribute("data-head", "true");
    expect(container.querySelector(`[data-node-id="${fork.id}"]`)).toHaveAttribute("data-head", "true");
    expect(container.querySelector(`[data-node-id="${run.id}"]`)).not.toHaveAttribute("data-head");
  });

  it("draws a restart (Arbor's retry from its transcript) with its own amber dotted edge, and says so", () => {
    const { run, next } = runContinueFork();
    const failed = makeExecution({ parentExecutionId: next.id, sessionId: null, status: "failed", error: { code: "session_not_found", message: "gone" } });
    const retry = makeExecution({
      restartedFromExecutionId: failed.id,
      resume: { decision: "fresh_with_transcript", reason: "resume_rejected", message: null, transcriptSourceExecutionId: next.id },
    });
    const { container } = render(<SessionTreeGraph roots={buildSessionTree([run, next, failed, retry])} label="tree" />);
    const restarted = container.querySelectorAll('path[data-edge="restarted"]');
    expect(restarted).toHaveLength(1);
    expect(restarted[0].getAttribute("stroke-dasharray")).toBe("2 4");
    expect(restarted[0].getAttribute("class")).toMatch(/amber/);
    expect(container.querySelector(`[data-node-id="${retry.id}"]`)).toHaveAttribute(
      "aria-label",
      expect.stringMatching(/, restart, from Arbor's transcript, completed/),
    );
    expect(screen.getByLabelText("Legend")).toHaveTextContent("restart");
  });

  it("shows what each execution changed in its worktree: +/− on the node, in its name and its tooltip", async () => {
    const worktree = (changes: { files: number; additions: number; deletions: number } | null) => ({
      path: "/w",
      branch: "arbor/ISSUE-1/x",
      state: "present" as const,
      startSha: "a",
      snapshotSha: changes ? "b" : null,
      changes,
    });
    const run = makeExecution({ worktree: worktree({ files: 2, additions: 12, deletions: 3 }) });
    const fork = makeExecution({ forkedFromExecutionId: run.id, worktree: worktree(null), status: "running" });
    const { container } = render(<SessionTreeGraph roots={buildSessionTree([run, fork])} />);
    const changed = container.querySelector(`[data-node-id="${run.id}"] [data-slot="changes"]`);
    expect(changed).toHaveTextContent("+12−3");
    expect(container.querySelector(`[data-node-id="${fork.id}"] [data-slot="changes"]`)).toBeNull();
    const item = screen.getByRole("treeitem", { name: /, \+12 −3 in 2 files: / });
    act(() => item.focus());
    expect(await screen.findByRole("tooltip")).toHaveTextContent("files: +12 −3 in 2 files");
  });

  it("names nodes for screen readers and shows a tooltip with prompt and cost on focus", async () => {
    const { fork, roots } = runContinueFork();
    render(<SessionTreeGraph roots={roots} />);
    const item = screen.getByRole("treeitem", { name: /fork, completed, head: third: try another way/ });
    act(() => item.focus());
    const tip = await screen.findByRole("tooltip");
    expect(tip).toHaveTextContent("third: try another way");
    expect(tip).toHaveTextContent("$0.0012");
    expect(item).toHaveAttribute("aria-describedby", tip.id);
    expect(fork.id.startsWith(item.getAttribute("data-node-id")!.slice(0, 8))).toBe(true);
  });

  it("names a node's session SESS-n in its tooltip, not by the agent's session id", async () => {
    const run = makeExecution({ sessionId: "0f1e2d3c-aaaa-4000-8000-000000000000", managedSessionId: "SESS-7" });
    render(<SessionTreeGraph roots={buildSessionTree([run])} />);
    act(() => screen.getByRole("treeitem").focus());
    const tip = await screen.findByRole("tooltip");
    expect(tip).toHaveTextContent("SESS-7");
    expect(tip).not.toHaveTextContent("0f1e2d3c");
  });

  it("opens the execution on click and on Enter", async () => {
    const user = userEvent.setup();
    const { next, roots } = runContinueFork();
    const { container } = render(<SessionTreeGraph roots={roots} />);
    const el = container.querySelector(`[data-node-id="${next.id}"]`)!;
    await user.click(el);
    expect(mockPush).toHaveBeenCalledWith(`/executions/${next.id}`);
    mockPush.mockReset();
    act(() => (el as SVGGElement).focus());
    await user.keyboard("{Enter}");
    expect(mockPush).toHaveBeenCalledWith(`/executions/${next.id}`);
  });

  it("folds and unfolds a subtree (toggle click, Space, Unfold all)", async () => {
    const user = userEvent.setup();
    const executions = chainWithForks(4, 2, 2);
    const roots = buildSessionTree(executions);
    const { container } = render(<SessionTreeGraph roots={roots} />);
    expect(nodes(container)).toHaveLength(executions.length);

    const rootId = roots[0].id;
    fireEvent.click(container.querySelector(`[data-toggle="${rootId}"]`)!);
    expect(nodes(container)).toHaveLength(1);
    const root = screen.getByRole("treeitem", { name: new RegExp(`${executions.length - 1} hidden`) });
    expect(root).toHaveAttribute("aria-expanded", "false");
    expect(container.querySelector(`[data-toggle="${rootId}"]`)).toHaveTextContent(`+${executions.length - 1}`);

    act(() => root.focus());
    await user.keyboard(" ");
    expect(nodes(container)).toHaveLength(executions.length);

    await user.click(screen.getByRole("button", { name: "Fold forks" }));
    expect(container.querySelectorAll('[data-edge="fork"][aria-expanded="false"]').length).toBe(2);
    expect(nodes(container).length).toBeLessThan(executions.length);
    await user.click(screen.getByRole("button", { name: "Unfold all" }));
    expect(nodes(container)).toHaveLength(executions.length);
  });

  it("Load latest unfolds what hides the most recent head and focuses it", async () => {
    const user = userEvent.setup();
    const executions = chainWithForks(4, 2, 2);
    const roots = buildSessionTree(executions);
    const head = latestHead(roots)!;
    const { container } = render(<SessionTreeGraph roots={roots} />);
    fireEvent.click(container.querySelector(`[data-toggle="${roots[0].id}"]`)!);
    expect(container.querySelector(`[data-node-id="${head.id}"]`)).toBeNull();

    await user.click(screen.getByRole("button", { name: "Load latest" }));
    expect(nodes(container)).toHaveLength(executions.length);
    expect(document.activeElement?.getAttribute("data-node-id")).toBe(head.id);
    expect(container.querySelector(`[data-node-id="${head.id}"] .animate-ping`)).not.toBeNull();

    // Already in view: the key does the same without unfolding anything.
    act(() => (container.querySelector(`[data-node-id="${roots[0].id}"]`) as SVGGElement).focus());
    await user.keyboard("l");
    expect(document.activeElement?.getAttribute("data-node-id")).toBe(head.id);
  });

  it("moves between nodes with the arrow keys", async () => {
    const user = userEvent.setup();
    const { run, next, fork, roots } = runContinueFork();
    render(<SessionTreeGraph roots={roots} />);
    const first = screen.getByRole("treeitem", { name: /original/ });
    expect(first).toHaveAttribute("tabindex", "0");
    act(() => first.focus());
    await user.keyboard("{ArrowRight}");
    expect(document.activeElement?.getAttribute("data-node-id")).toBe(next.id);
    await user.keyboard("{ArrowDown}");
    expect(document.activeElement?.getAttribute("data-node-id")).toBe(fork.id);
    await user.keyboard("{ArrowLeft}");
    expect(document.activeElement?.getAttribute("data-node-id")).toBe(run.id);
  });

  it("zooms with the buttons and pre-selects two branches for Compare forks", async () => {
    const user = userEvent.setup();
    const { next, fork, roots } = runContinueFork();
    render(<SessionTreeGraph roots={roots} />);
    const zoom = () => Number(/(\d+)%/.exec(screen.getByRole("toolbar").textContent ?? "")?.[1]);
    const before = zoom();
    await user.click(screen.getByRole("button", { name: "Zoom out" }));
    await act(() => new Promise((r) => setTimeout(r, 250)));
    expect(zoom()).toBeLessThan(before);

    await user.click(screen.getByRole("button", { name: "Compare forks" }));
    const link = screen.getByRole("link", { name: "Open comparison" });
    expect(link).toHaveAttribute("href", `/compare?a=${next.id}&b=${fork.id}`);
  });

  it("renders only what is near the view for a 1,000-node tree", () => {
    const executions = chainWithForks(400, 2, 3);
    const roots = buildSessionTree(executions);
    const { container } = render(<SessionTreeGraph roots={roots} />);
    const rendered = nodes(container).length;
    expect(rendered).toBeGreaterThan(5);
    expect(rendered).toBeLessThan(200);
    expect(screen.getByRole("toolbar")).toHaveTextContent("1000 executions");
  });
});

describe("honest states on the tree", () => {
  it("marks a node waiting for a person, and names a completed one the agent was refused actions in", () => {
    const waiting = makeExecution({ status: "running", waitingFor: { approvalId: "APR-1", kind: "tool", summary: "$ npm test" } });
    const refused = makeExecution({ forkedFromExecutionId: waiting.id, forkSessionId: waiting.sessionId, status: "completed", refusedActions: 2 });
    const { container } = render(<SessionTreeGraph roots={buildSessionTree([waiting, refused])} label="Session tree" />);
    const items = within(screen.getByRole("tree", { name: "Session tree" })).getAllByRole("treeitem");
    expect(items.map((item) => item.getAttribute("aria-label"))).toEqual([
      expect.stringContaining("waiting for you"),
      expect.stringContaining("completed, 2 refused"),
    ]);
    expect(container.querySelectorAll('[data-waiting="true"]')).toHaveLength(1);
  });
});

describe("what a turn consulted", () => {
  it("marks a node whose run read sessions or issues through Arbor, names them all, and lists them in its tooltip", async () => {
    const run = makeExecution({ prompt: "fix the expiry" });
    const reader = { ...makeExecution({ parentExecutionId: run.id, sessionId: run.sessionId }), consulted: ["SESS-3", "ISSUE-9"] };
    const { container } = render(<SessionTreeGraph roots={buildSessionTree([run, reader])} label="Session tree" />);
    const [first, second] = within(screen.getByRole("tree", { name: "Session tree" })).getAllByRole("treeitem");
    expect(first.getAttribute("aria-label")).not.toContain("consulted");
    expect(second.getAttribute("aria-label")).toContain(", consulted SESS-3, ISSUE-9:");
    // The picture has room for one ref: the first, and how many more.
    const marks = container.querySelectorAll('[data-slot="consulted"]');
    expect(marks).toHaveLength(1);
    expect(marks[0]).toHaveTextContent("SESS-3 +1");
    expect(second).toContainElement(marks[0] as HTMLElement);
    act(() => second.focus());
    expect(await screen.findByRole("tooltip")).toHaveTextContent("Consulted SESS-3, ISSUE-9");
  });
});
