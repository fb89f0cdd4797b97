import { fireEvent, render, screen, within } from "@testing-library/react";
import { buildSessionTree } from "@/lib/executions/build-session-tree";
import { agentChange, groupMarkerLabel, groupsInTree } from "@/lib/executions/session-tree";
import { layoutSessionTree } from "@/lib/executions/session-tree-layout";
import { makeExecution } from "@/test/support/execution-fixtures";

// Issue 26 in the session tree: a group's members are siblings under one
// marker ("GRP-3 · 3 agents", opening the group), a fork to another agent
// says "claude → codex" on its edge, and a node shows its model.

const mockPush = jest.fn();
jest.mock("next/navigation", () => ({ useRouter: () => ({ push: mockPush }) }));
// Required after the mock (the esbuild transform does not hoist jest.mock).
const { SessionTreeGraph } = require("@/components/session-tree/session-tree-graph") as typeof import("@/components/session-tree/session-tree-graph");

beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, "clientWidth", { configurable: true, get: () => 2000 });
  Object.defineProperty(HTMLElement.prototype, "clientHeight", { configurable: true, get: () => 500 });
  (globalThis as unknown as { ResizeObserver: unknown }).ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
});

function fanOutTree() {
  const lone = makeExecution({ prompt: "before" });
  const a = makeExecution({ agent: "claude", model: "sonnet", groupId: "GRP-3" });
  const b = makeExecution({ agent: "codex", groupId: "GRP-3" });
  const c = makeExecution({ agent: "gemini", groupId: "GRP-3" });
  const later = makeExecution({ prompt: "after" });
  const fork = makeExecution({ agent: "codex", forkedFromExecutionId: lone.id, resume: null });
  return { lone, a, b, c, later, fork, roots: buildSessionTree([lone, a, b, c, later, fork]) };
}

it("finds the groups, names them, and keeps their members together with room for the marker", () => {
  const { lone, a, b, c, later, roots } = fanOutTree();
  const groups = groupsInTree(roots);
  expect(groups).toEqual([{ id: "GRP-3", memberIds: [a.id, b.id, c.id], agents: 3 }]);
  expect(groupMarkerLabel(groups[0])).toBe("GRP-3 · 3 agents");
  expect(groupMarkerLabel({ id: "GRP-4", memberIds: ["x", "y"], agents: 1 })).toBe("GRP-4 · 2 runs");
  const layout = layoutSessionTree(roots);
  const y = (id: string) => layout.byId.get(id)!.y;
  expect(y(b.id) - y(a.id)).toBe(y(c.id) - y(b.id));
  // A wider gap before the group than between its members.
  expect(y(a.id) - layout.byId.get(lone.id)!.y).toBeGreaterThan(y(b.id) - y(a.id));
  expect(y(later.id)).toBeGreaterThan(y(c.id));
});

it("says an agent change on the edge only when a fork goes to another agent", () => {
  expect(agentChange({ agent: "claude" }, { agent: "codex", edge: "fork" })).toBe("claude → codex");
  expect(agentChange({ agent: "claude" }, { agent: "claude", edge: "fork" })).toBeNull();
  expect(agentChange({ agent: "claude" }, { agent: "codex", edge: "continue" })).toBeNull();
});

it("draws the marker over the members (opening the group), the agent change and the model", () => {
  mockPush.mockReset();
  const { a, fork, roots } = fanOutTree();
  const { container } = render(<SessionTreeGraph roots={roots} label="tree" />);
  expect(within(screen.getByRole("navigation", { name: "Fan-out groups" })).getByRole("link", { name: "GRP-3 · 3 agents" })).toHaveAttribute(
    "href",
    "/groups/GRP-3",
  );
  const marker = container.querySelector('[data-group-id="GRP-3"]')!;
  expect(marker).toHaveTextContent("GRP-3 · 3 agents");
  fireEvent.click(marker.querySelector("text")!);
  expect(mockPush).toHaveBeenCalledWith("/groups/GRP-3");
  expect(container.querySelector(`[data-agent-change$="${fork.id}"]`)).toHaveTextContent("claude → codex");
  const node = container.querySelector(`[data-node-id="${a.id}"]`)!;
  expect(node.getAttribute("aria-label")).toMatch(/^#\w+, Claude Code \(sonnet\), original in GRP-3, completed/);
});
