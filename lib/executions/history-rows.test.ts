import { historyPreview, historyRows } from "@/lib/executions/history-rows";
import { chainWithForks, runContinueFork } from "@/test/support/execution-fixtures";
import { buildSessionTree } from "@/lib/executions/build-session-tree";

describe("historyPreview", () => {
  it("takes the History list's first rows, without their subtrees, and counts them all", () => {
    const { run, next, fork, roots } = runContinueFork();
    const preview = historyPreview(roots, 2);
    // Forks first (indented), then the continuation: the first two of three rows.
    expect(preview.rows.map((r) => [r.node.id, r.depth])).toEqual([
      [run.id, 0],
      [fork.id, 1],
    ]);
    expect(preview.total).toBe(3);
    // Only the rows go with the page, not each row's descendants; the tree itself is left as it was.
    for (const row of preview.rows) expect(row.node.children).toEqual([]);
    expect(roots[0].children.map((c) => c.id).sort()).toEqual([next.id, fork.id].sort());
  });

  it("is the list's own order, whatever the count", () => {
    const roots = buildSessionTree(chainWithForks(40, 3));
    const all = historyRows(roots).map((r) => [r.node.id, r.depth]);
    for (const count of [0, 1, 24, all.length, all.length + 10]) {
      const preview = historyPreview(roots, count);
      expect(preview.rows.map((r) => [r.node.id, r.depth])).toEqual(all.slice(0, count));
      expect(preview.total).toBe(all.length);
    }
  });
});
