import { buildSessionTree } from "@/lib/executions/build-session-tree";
import { LAYOUT, layoutSessionTree, linkPath } from "@/lib/executions/session-tree-layout";
import { defaultComparePair, latestHead, patchTree, flattenTree, ancestorIds } from "@/lib/executions/session-tree";
import { chainWithForks, runContinueFork } from "@/test/support/execution-fixtures";

describe("layoutSessionTree", () => {
  it("lays out run → continue + fork as three nodes, depth left to right, one fork link", () => {
    const { run, next, fork, roots } = runContinueFork();
    const layout = layoutSessionTree(roots);
    expect(layout.nodes).toHaveLength(3);
    expect(layout.total).toBe(3);
    const at = (id: string) => layout.byId.get(id)!;
    expect(at(run.id).depth).toBe(0);
    expect(at(next.id).x).toBe(LAYOUT.columnGap);
    expect(at(fork.id).x).toBe(LAYOUT.columnGap);
    // The continuation is above the fork (it stays on the chain's line).
    expect(at(next.id).y).toBeLessThan(at(fork.id).y);
    expect(layout.links.map((l) => [l.target.id, l.edge])).toEqual(
      expect.arrayContaining([
        [next.id, "continue"],
        [fork.id, "fork"],
      ]),
    );
    expect(linkPath(layout.links[0])).toMatch(/^M[\d.-]+,[\d.-]+C/);
  });

  it("hides a collapsed subtree and counts what it hides", () => {
    const executions = chainWithForks(10, 3, 2);
    const roots = buildSessionTree(executions);
    const full = layoutSessionTree(roots);
    expect(full.nodes).toHaveLength(executions.length);
    const second = roots[0].children.find((c) => c.edge === "continue")!;
    const folded = layoutSessionTree(roots, new Set([second.id]));
    const node = folded.byId.get(second.id)!;
    expect(node.collapsed).toBe(true);
    expect(node.hiddenCount).toBe(executions.length - 2);
    expect(folded.nodes).toHaveLength(2);
    expect(folded.total).toBe(executions.length);
  });

  it("lays out 1,000 executions (and a 5,000-deep chain) quickly, without overlapping nodes", () => {
    const executions = chainWithForks(400, 2, 3);
    expect(executions.length).toBe(1000);
    const roots = buildSessionTree(executions);
    const started = performance.now();
    const layout = layoutSessionTree(roots);
    expect(performance.now() - started).toBeLessThan(500);
    expect(layout.nodes).toHaveLength(1000);
    const seen = new Set(layout.nodes.map((n) => `${n.x},${Math.round(n.y)}`));
    expect(seen.size).toBe(1000);

    const deep = buildSessionTree(chainWithForks(5000, 10_000));
    expect(layoutSessionTree(deep).nodes).toHaveLength(5000);
  });
});

describe("session tree helpers", () => {
  it("finds the latest head, the compare pair and ancestors", () => {
    const { run, next, fork, roots } = runContinueFork();
    expect(latestHead(roots)?.id).toBe(fork.id);
    expect(defaultComparePair(roots)).toEqual([next.id, fork.id]);
    expect(ancestorIds(roots, fork.id)).toEqual([run.id]);
    expect(flattenTree(roots).map((n) => n.id)).toEqual([run.id, next.id, fork.id]);
  });

  it("patches one execution in place and says when it is not in the tree", () => {
    const { next, roots } = runContinueFork();
    const patched = patchTree(roots, { ...next, status: "cancelled" })!;
    const node = flattenTree(patched).find((n) => n.id === next.id)!;
    expect(node.status).toBe("cancelled");
    // Heads are recomputed: a cancelled turn is never one.
    expect(node.isHead).toBe(false);
    expect(patchTree(roots, { ...next, id: "99999999-0000-4000-8000-000000000000" })).toBeNull();
  });
});
