import { edgeMarker, isChainHead, renderTree, treeRoots, countNodes } from "./tree";
import { plain } from "./style";
import type { TreeNode } from "../types";

const node = (
  id: string,
  edge: string,
  status: string,
  sessionId: string | null,
  prompt: string,
  cost: number | null,
  children: TreeNode[] = [],
): TreeNode => ({
  id,
  edge,
  status,
  sessionId,
  prompt,
  usage: cost === null ? null : { inputTokens: 1, outputTokens: 1, costUsd: cost },
  children,
});

const tree = {
  roots: [
    node("aaaaaaaa-0000", "root", "completed", "s1111111-xxxx", "Fix the login bug", 0.12, [
      node("bbbbbbbb-0000", "continue", "completed", "s1111111-xxxx", "Now add tests", 0.04, [
        node("dddddddd-0000", "fork", "running", "s3333333-zzzz", "Another idea", null),
      ]),
      node("cccccccc-0000", "fork", "failed", "s2222222-yyyy", "Try another approach\nwith details", 0.5, [
        node("eeeeeeee-0000", "continue", "queued", null, "go on", null),
      ]),
    ]),
  ],
};

describe("renderTree", () => {
  it("draws the tree with edges, statuses, sessions, prompts, costs and chain heads", () => {
    expect(renderTree(tree, plain)).toEqual([
      'aaaaaaaa  ● root      completed    sess s1111111  "Fix the login bug"  $0.12',
      '├─ bbbbbbbb  ↳ continue  completed    sess s1111111  "Now add tests"  $0.04  ◀ head',
      '│  └─ dddddddd  ⑂ fork      running      sess s3333333  "Another idea"  —  ◀ head',
      '└─ cccccccc  ⑂ fork      failed       sess s2222222  "Try another approach with details"  $0.50',
      '   └─ eeeeeeee  ↳ continue  queued       sess —  "go on"  —  ◀ head',
    ]);
  });

  it("shows what each execution changed in its worktree", () => {
    const changed = {
      ...node("x", "root", "completed", "s", "edit", null),
      worktree: { branch: "arbor/ISSUE-1/x", changes: { files: 2, additions: 3, deletions: 1 } },
    } as TreeNode;
    expect(renderTree([changed], plain)).toEqual(['x  ● root      completed    sess s  "edit"  —  +3 −1 (2 files)  ◀ head']);
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
    expect(renderTree({ roots: [null, 3, { id: "z" }] }, plain)).toEqual(["z  ● root      unknown      sess —  (no prompt)  —  ◀ head"]);
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
