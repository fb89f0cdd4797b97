import { checkMark, edgeMarker, isChainHead, renderTree, treeRoots, countNodes } from "./tree";
import { plain } from "./style";
import type { TreeNode } from "../types";

const node = (
  id: string,
  edge: string,
  status: string,
  managedSessionId: string | null,
  prompt: string,
  cost: number | null,
  children: TreeNode[] = [],
): TreeNode => ({
  id,
  edge,
  status,
  managedSessionId,
  // The agent's own session id: never what the tree names a session by.
  sessionId: managedSessionId ? `0f1e2d3c-${managedSessionId}` : null,
  prompt,
  usage: cost === null ? null : { inputTokens: 1, outputTokens: 1, costUsd: cost },
  children,
});

const tree = {
  roots: [
    node("aaaaaaaa-0000", "root", "completed", "SESS-1", "Fix the login bug", 0.12, [
      node("bbbbbbbb-0000", "continue", "completed", "SESS-1", "Now add tests", 0.04, [node("dddddddd-0000", "fork", "running", null, "Another idea", null)]),
      node("cccccccc-0000", "fork", "failed", "SESS-12", "Try another approach\nwith details", 0.5, [
        node("eeeeeeee-0000", "continue", "queued", null, "go on", null),
      ]),
    ]),
  ],
};

describe("renderTree", () => {
  it("draws the tree with edges, statuses, sessions, prompts, costs and chain heads", () => {
    expect(renderTree(tree, plain)).toEqual([
      'aaaaaaaa  ● root      completed    SESS-1  "Fix the login bug"  $0.12',
      '├─ bbbbbbbb  ↳ continue  completed    SESS-1  "Now add tests"  $0.04  ◀ head',
      '│  └─ dddddddd  ⑂ fork      running      no session yet  "Another idea"  —  ◀ head',
      '└─ cccccccc  ⑂ fork      failed       SESS-12  "Try another approach with details"  $0.50',
      '   └─ eeeeeeee  ↳ continue  queued       no session yet  "go on"  —  ◀ head',
    ]);
  });

  it("shows what each execution changed in its worktree", () => {
    const changed = {
      ...node("x", "root", "completed", "SESS-1", "edit", null),
      worktree: { branch: "arbor/ISSUE-1/x", changes: { files: 2, additions: 3, deletions: 1 } },
    } as TreeNode;
    expect(renderTree([changed], plain)).toEqual(['x  ● root      completed    SESS-1  "edit"  —  +3 −1 (2 files)  ◀ head']);
    const noSnapshot = { ...changed, worktree: { branch: "b", changes: null } } as TreeNode;
    expect(renderTree([noSnapshot], plain)[0]).not.toContain("+");
  });

  it("truncates long prompts to one line", () => {
    const [line] = renderTree([node("x", "root", "completed", "s", "word ".repeat(40), null)], plain, { promptWidth: 20 });
    expect(line).toContain('"word word word word…"');
  });

  it("accepts an array of roots or a single node, and survives junk", () => {
    expect(renderTree([tree.roots[0]!.children![0]!], plain)).toHaveLength(2);
    expect(renderTree(tree.roots[0], plain)).toHaveLength(5);
    expect(renderTree({ roots: [null, 3, { id: "z" }] }, plain)).toEqual(["z  ● root      unknown      no session  (no prompt)  —  ◀ head"]);
    expect(renderTree(undefined, plain)).toEqual([]);
  });

  it("colors only when asked", () => {
    expect(renderTree(tree, plain).join("")).not.toContain("\x1b[");
    expect(renderTree(tree, { color: true }).join("")).toContain("\x1b[");
  });

  it("survives a cycle", () => {
    const a: TreeNode = { id: "a", edge: "root", children: [] };
    a.children!.push(a);
    expect(renderTree([a], plain)).toHaveLength(1);
  });
});

describe("tree helpers", () => {
  it("marks a node as head unless a child continues it", () => {
    expect(isChainHead(tree.roots[0]!)).toBe(false);
    expect(isChainHead(tree.roots[0]!.children![0]!)).toBe(true); // only a fork below
    expect(isChainHead(tree.roots[0]!.children![1]!)).toBe(false);
  });
  it("prefers the server's isHead", () => {
    expect(isChainHead({ id: "a", isHead: false, children: [] })).toBe(false);
    expect(isChainHead({ id: "a", isHead: true, children: [{ id: "b", edge: "continue" }] })).toBe(true);
  });
  it("names edges", () => {
    expect(edgeMarker("continue")).toBe("↳ continue");
    expect(edgeMarker("fork")).toBe("⑂ fork");
    expect(edgeMarker("restarted")).toBe("↻ restart");
    expect(edgeMarker("root")).toBe("● root");
    expect(edgeMarker("teleport")).toBe("? teleport");
  });
  it("counts nodes", () => {
    expect(countNodes(treeRoots(tree))).toBe(5);
  });
});

describe("renderTree: fan-out and cross-agent forks", () => {
  it("marks a fork to another agent (claude → codex) and names a member's group", () => {
    const source = { ...node("aaaaaaaa-0000", "root", "completed", "SESS-1", "Fix it", null), agent: "claude" } as TreeNode;
    source.children = [
      { ...node("bbbbbbbb-0000", "fork", "queued", null, "Compare", null), agent: "codex", groupId: "GRP-2" } as TreeNode,
      { ...node("cccccccc-0000", "fork", "queued", null, "Compare", null), agent: "claude", groupId: "GRP-2" } as TreeNode,
    ];
    expect(renderTree([source], plain)).toEqual([
      'aaaaaaaa  ● root      completed    SESS-1  "Fix it"  —  ◀ head',
      '├─ bbbbbbbb  ⑂ fork      queued       no session yet  claude → codex  GRP-2  "Compare"  —  ◀ head',
      '└─ cccccccc  ⑂ fork      queued       no session yet  GRP-2  "Compare"  —  ◀ head',
    ]);
  });
});

describe("a node's check (issue 25)", () => {
  it.each([
    ["passed", "✓ check"],
    ["failed", "✗ check"],
    ["timed_out", "⏱ check timed out"],
    ["error", "! check"],
    ["running", "… check"],
  ])("%s → %s", (status, text) => {
    expect(checkMark({ status })?.text).toBe(text);
  });
  it("none without a check", () => {
    expect(checkMark(null)).toBeUndefined();
    expect(checkMark({})).toBeUndefined();
  });
});
