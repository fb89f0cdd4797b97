// Lays an issue's session tree out as a picture with d3-hierarchy's tidy tree
// (Reingold–Tilford): depth runs left to right (a chain of turns reads as a
// line), branches stack top to bottom, a continuation above the forks of the
// same execution. Collapsed subtrees are left out and counted on their root.
import { hierarchy, tree, type HierarchyPointNode } from "d3-hierarchy";
import type { SessionTreeEdge } from "@/lib/executions/types";
import type { SessionTreeNode } from "@/lib/executions/tree-schema";

export type LaidOutNode = {
  id: string;
  node: SessionTreeNode;
  /** Centre of the node's dot, in layout pixels. */
  x: number;
  y: number;
  depth: number;
  parentId: string | null;
  edge: SessionTreeEdge;
  childCount: number;
  collapsed: boolean;
  /** Executions hidden under this node while it is collapsed. */
  hiddenCount: number;
  /** Position among its siblings (1-based) and their number, for aria-posinset/setsize. */
  posInSet: number;
  setSize: number;
};

export type LaidOutLink = { id: string; source: LaidOutNode; target: LaidOutNode; edge: Exclude<SessionTreeEdge, "root"> };

export type SessionTreeLayout = {
  nodes: LaidOutNode[];
  links: LaidOutLink[];
  byId: Map<string, LaidOutNode>;
  bounds: { minX: number; minY: number; maxX: number; maxY: number };
  /** All executions in the tree, hidden or not. */
  total: number;
};

export const LAYOUT = {
  /** Vertical distance between neighbouring branches. */
  rowGap: 44,
  /** Horizontal distance between a turn and the next. */
  columnGap: 264,
  /** Where links leave a node: after its label. */
  portX: 196,
  radius: 8,
} as const;

/** Extra rows (fraction of rowGap) between a fan-out group's members and their other siblings. */
const GROUP_GAP = 0.6;

type Datum = { id: string; node: SessionTreeNode | null; children: SessionTreeNode[] };

/**
 * Continuation first (it stays on the line), then a restart (the turn re-run
 * where the chain goes on), then forks, oldest first; a fan-out's members
 * stay together (at their group's first member's place) under their marker.
 */
const EDGE_RANK: Record<SessionTreeEdge, number> = { continue: 0, restarted: 1, fork: 2, root: 3 };
function orderedSiblings(children: SessionTreeNode[], byEdge = true): SessionTreeNode[] {
  const groupStart = new Map<string, string>();
  for (const c of children) {
    if (c.groupId && (!groupStart.has(c.groupId) || c.createdAt < groupStart.get(c.groupId)!)) groupStart.set(c.groupId, c.createdAt);
  }
  const at = (n: SessionTreeNode) => (n.groupId ? groupStart.get(n.groupId)! : n.createdAt);
  return [...children].sort((a, b) => {
    if (byEdge && a.edge !== b.edge) return EDGE_RANK[a.edge] - EDGE_RANK[b.edge];
    if (at(a) !== at(b)) return at(a) < at(b) ? -1 : 1;
    if ((a.groupId ?? "") !== (b.groupId ?? "")) return (a.groupId ?? "") < (b.groupId ?? "") ? -1 : 1;
    return a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a.id < b.id ? -1 : 1;
  });
}

/** Number of descendants of every node (iterative post-order). */
export function descendantCounts(roots: SessionTreeNode[]): Map<string, number> {
  const counts = new Map<string, number>();
  const stack: [SessionTreeNode, boolean][] = roots.map((r) => [r, false]);
  while (stack.length) {
    const [node, done] = stack.pop()!;
    if (done) {
      let n = 0;
      for (const child of node.children) n += 1 + (counts.get(child.id) ?? 0);
      counts.set(node.id, n);
    } else {
      stack.push([node, true]);
      for (const child of node.children) stack.push([child, false]);
    }
  }
  return counts;
}

export function layoutSessionTree(
  roots: SessionTreeNode[],
  collapsed: ReadonlySet<string> = new Set(),
  counts: Map<string, number> = descendantCounts(roots),
): SessionTreeLayout {
  const root = hierarchy<Datum>({ id: "__roots__", node: null, children: roots }, (d) => {
    if (d.node === null) return orderedSiblings(d.children, false).map((n) => ({ id: n.id, node: n, children: n.children }));
    if (collapsed.has(d.id)) return null;
    return orderedSiblings(d.node.children).map((n) => ({ id: n.id, node: n, children: n.children }));
  });
  const laid = tree<Datum>()
    .nodeSize([LAYOUT.rowGap, LAYOUT.columnGap])
    .separation((a, b) => {
      // Room above a fan-out group's first member (and below its last) for the group's marker.
      const groupEdge = (a.data.node?.groupId ?? null) !== (b.data.node?.groupId ?? null) && Boolean(a.data.node?.groupId || b.data.node?.groupId);
      return (a.parent === b.parent ? 1 : 1.25) + (groupEdge ? GROUP_GAP : 0);
    })(root);

  const nodes: LaidOutNode[] = [];
  const byId = new Map<string, LaidOutNode>();
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  laid.each((p: HierarchyPointNode<Datum>) => {
    const n = p.data.node;
    if (!n) return;
    const siblings = p.parent?.children ?? [p];
    const item: LaidOutNode = {
      id: n.id,
      node: n,
      // d3 lays trees out top-down; turn it so depth runs left to right.
      x: (p.depth - 1) * LAYOUT.columnGap,
      y: p.x,
      depth: p.depth - 1,
      parentId: p.parent?.data.node?.id ?? null,
      edge: n.edge,
      childCount: n.children.length,
      collapsed: collapsed.has(n.id) && n.children.length > 0,
      hiddenCount: collapsed.has(n.id) ? (counts.get(n.id) ?? 0) : 0,
      posInSet: siblings.indexOf(p) + 1,
      setSize: siblings.length,
    };
    nodes.push(item);
    byId.set(item.id, item);
    minX = Math.min(minX, item.x);
    maxX = Math.max(maxX, item.x);
    minY = Math.min(minY, item.y);
    maxY = Math.max(maxY, item.y);
  });
  const links: LaidOutLink[] = [];
  for (const target of nodes) {
    if (!target.parentId) continue;
    const source = byId.get(target.parentId)!;
    links.push({ id: `${source.id}->${target.id}`, source, target, edge: target.edge === "root" ? "continue" : target.edge });
  }
  if (nodes.length === 0) {
    minX = minY = maxX = maxY = 0;
  }
  let total = 0;
  for (const r of roots) total += 1 + (counts.get(r.id) ?? 0);
  return { nodes, links, byId, bounds: { minX, minY, maxX: maxX + LAYOUT.portX + 24, maxY }, total };
}

/** An SVG path from a node's port (after its label) to a child's dot. */
export function linkPath(link: LaidOutLink): string {
  const x0 = link.source.x + LAYOUT.portX;
  const y0 = link.source.y;
  const x1 = link.target.x - LAYOUT.radius;
  const y1 = link.target.y;
  const mx = (x0 + x1) / 2;
  return `M${x0},${y0}C${mx},${y0} ${mx},${y1} ${x1},${y1}`;
}
