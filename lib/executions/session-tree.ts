// Pure helpers over an issue's session tree (see build-session-tree.ts), used
// by the history list, the tree graph and the live cache patches. Iterative
// throughout: a chain of continuations can be thousands of turns deep.
import { buildSessionTree, type SessionTreeInput } from "@/lib/executions/build-session-tree";
import type { ExecutionDto } from "@/lib/executions/execution-schema";
import type { SessionTreeNode } from "@/lib/executions/tree-schema";

/** Every node, depth-first pre-order. */
export function flattenTree(roots: SessionTreeNode[]): SessionTreeNode[] {
  const out: SessionTreeNode[] = [];
  const stack = [...roots].reverse();
  while (stack.length) {
    const node = stack.pop()!;
    out.push(node);
    for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]);
  }
  return out;
}

function toDto(node: SessionTreeNode): SessionTreeInput {
  const { edge: _edge, isHead: _isHead, children: _children, ...dto } = node;
  return dto;
}

/**
 * The tree with one execution's fields replaced (as a status event carries
 * them), or null when the execution is not in the tree (the caller refetches).
 */
export function patchTree(roots: SessionTreeNode[], execution: ExecutionDto): SessionTreeNode[] | null {
  const all = flattenTree(roots);
  const index = all.findIndex((node) => node.id === execution.id);
  if (index < 0) return null;
  const dtos = all.map(toDto);
  // A status event carries the execution, not what it consulted: the node keeps what the tree was fetched with.
  dtos[index] = {
    ...execution,
    consulted: dtos[index].consulted,
    waitingForExecutionId: execution.status === "queued" ? dtos[index].waitingForExecutionId : null,
  };
  return buildSessionTree(dtos);
}

/** The most recently created head (latest turn of a chain), or the newest node when none is a head. */
export function latestHead(roots: SessionTreeNode[]): SessionTreeNode | null {
  let best: SessionTreeNode | null = null;
  let bestIsHead = false;
  for (const node of flattenTree(roots)) {
    const better =
      !best ||
      (node.isHead && !bestIsHead) ||
      (node.isHead === bestIsHead && (node.createdAt > best.createdAt || (node.createdAt === best.createdAt && node.id > best.id)));
    if (better) {
      best = node;
      bestIsHead = node.isHead;
    }
  }
  return best;
}

/** Ids from the root down to (not including) the node. */
export function ancestorIds(roots: SessionTreeNode[], id: string): string[] | null {
  const parentOf = new Map<string, string | null>();
  const stack: [SessionTreeNode, string | null][] = roots.map((r) => [r, null]);
  while (stack.length) {
    const [node, parent] = stack.pop()!;
    parentOf.set(node.id, parent);
    for (const child of node.children) stack.push([child, node.id]);
  }
  if (!parentOf.has(id)) return null;
  const path: string[] = [];
  for (let p = parentOf.get(id) ?? null; p; p = parentOf.get(p) ?? null) path.push(p);
  return path.reverse();
}

/**
 * The two branches "Compare forks" starts with: the heads of the two most
 * recently active branches that differ (a fork's head and the head of the
 * chain it branched from, typically). Null with fewer than two heads.
 */
export function defaultComparePair(roots: SessionTreeNode[]): [string, string] | null {
  const heads = flattenTree(roots)
    .filter((node) => node.isHead)
    .sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : a.id < b.id ? 1 : -1));
  if (heads.length < 2) return null;
  const newest = heads[0];
  // Prefer a head with another session: a different branch, not just another turn.
  const other = heads.find((h) => h.id !== newest.id && (h.sessionId ?? h.id) !== (newest.sessionId ?? newest.id)) ?? heads[1];
  return [other.id, newest.id];
}

/** A fan-out group as the tree shows it: its members (siblings) and how many agents they are. */
export type TreeGroup = { id: string; memberIds: string[]; agents: number };

/** The fan-out groups whose members are in the tree, in the order first met. */
export function groupsInTree(roots: SessionTreeNode[]): TreeGroup[] {
  const groups = new Map<string, { memberIds: string[]; agents: Set<string> }>();
  for (const node of flattenTree(roots)) {
    if (!node.groupId) continue;
    const group = groups.get(node.groupId) ?? { memberIds: [], agents: new Set<string>() };
    group.memberIds.push(node.id);
    group.agents.add(node.agent);
    groups.set(node.groupId, group);
  }
  return [...groups].map(([id, g]) => ({ id, memberIds: g.memberIds, agents: g.agents.size }));
}

/** "GRP-3 · 3 agents" (several agents) or "GRP-3 · 2 runs" (one agent, e.g. two models). */
export function groupMarkerLabel(group: TreeGroup): string {
  const n = group.memberIds.length;
  return `${group.id} · ${n} ${group.agents > 1 ? "agents" : "runs"}`;
}

/** "claude → codex" on a fork or restart that went to another agent than its source's; null otherwise. */
export function agentChange(source: Pick<SessionTreeNode, "agent">, target: Pick<SessionTreeNode, "agent" | "edge">): string | null {
  return target.edge !== "continue" && target.edge !== "root" && source.agent !== target.agent ? `${source.agent} → ${target.agent}` : null;
}
