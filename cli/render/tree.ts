// An issue's session tree → ASCII tree lines. Pure.
//
//   3f2a9c1e  ● root      completed    SESS-1  "Fix the login bug"  $0.12
//   ├─ 8b7d6e5f  ↳ continue  completed    SESS-1  "Now add tests"  $0.04  ◀ head
//   └─ c4d3e2f1  ⑂ fork      running      SESS-2  "Try another approach"  —  ◀ head
//      └─ d5e6f7a8  ⑂ fork      queued       no session yet  claude → codex  GRP-2  "Compare"  —  ◀ head
//
// A fork to another agent says so (claude → codex), and a fan-out member names its group (GRP-n).
// A chain is a run of `continue` edges (one conversation); its head is the
// node with no `continue` child — the one to continue from next. Sessions are
// named as everywhere else, SESS-n (a run joins its session once the agent
// reports its session id).

import type { TreeNode } from "../types";
import { formatChanges, formatCost, oneLine, shortId } from "./format";
import { paint, statusPaint, type Style } from "./style";

export interface TreeRenderOptions {
  /** Max characters of the prompt excerpt. Default 48. */
  promptWidth?: number;
}

/** "claude → codex" on a fork that handed the conversation to another agent (issue 26); undefined otherwise. */
export function agentChange(node: TreeNode, parentAgent: unknown): string | undefined {
  if (node.edge !== "fork" || typeof parentAgent !== "string" || !parentAgent) return undefined;
  return typeof node.agent === "string" && node.agent && node.agent !== parentAgent ? `${parentAgent} → ${node.agent}` : undefined;
}

const EDGE_WIDTH = "↳ continue".length;
const STATUS_WIDTH = "interrupted".length;

function asNode(v: unknown): TreeNode | undefined {
  return v && typeof v === "object" && !Array.isArray(v) ? (v as TreeNode) : undefined;
}

function childrenOf(node: TreeNode): TreeNode[] {
  return Array.isArray(node.children) ? node.children.map(asNode).filter((n): n is TreeNode => n !== undefined) : [];
}

/** The server's `isHead` when given; else: no child continues this node's conversation. */
export function isChainHead(node: TreeNode): boolean {
  if (typeof node.isHead === "boolean") return node.isHead;
  return !childrenOf(node).some((c) => c.edge === "continue");
}

export function edgeMarker(edge: unknown): string {
  switch (edge) {
    case "continue":
      return "↳ continue";
    case "fork":
      return "⑂ fork";
    case "restarted":
      return "↻ restart";
    case "root":
    case undefined:
    case null:
      return "● root";
    default:
      return `? ${String(edge)}`;
  }
}

export function renderTreeNodeLine(node: TreeNode, style: Style, opts: TreeRenderOptions = {}, parentAgent?: unknown): string {
  const id = paint(style, shortId(node.id), "bold");
  const edgeText = edgeMarker(node.edge);
  const edge = paint(
    style,
    edgeText.padEnd(EDGE_WIDTH),
    node.edge === "fork" ? "magenta" : node.edge === "continue" ? "blue" : node.edge === "restarted" ? "yellow" : "gray",
  );
  const statusText = typeof node.status === "string" && node.status ? node.status : "unknown";
  const status = paint(style, statusText.padEnd(STATUS_WIDTH), ...statusPaint(statusText));
  const change = agentChange(node, parentAgent);
  const group = typeof node.groupId === "string" && node.groupId ? `  ${paint(style, node.groupId, "cyan")}` : "";
  const session = paint(style, sessionLabel(node), "dim") + (change ? `  ${paint(style, change, "magenta")}` : "") + group;
  const excerpt = oneLine(node.prompt, opts.promptWidth ?? 48);
  const prompt = excerpt ? `"${excerpt}"` : paint(style, "(no prompt)", "dim");
  const cost = formatCost(node.usage && typeof node.usage === "object" ? node.usage.costUsd : undefined) ?? "—";
  const changes = formatChanges(node.worktree);
  const files = changes ? `  ${paint(style, changes, "cyan")}` : "";
  const head = isChainHead(node) ? `  ${paint(style, "◀ head", "green", "bold")}` : "";
  const check = checkMark(node.check);
  const checked = check ? `  ${paint(style, check.text, check.color)}` : "";
  return `${id}  ${edge}  ${status}  ${session}  ${prompt}  ${cost}${files}${checked}${head}`;
}

/** The project's check on the turn (issue 25): ✓ / ✗ / ⏱ / ! / …, or nothing without one. */
export function checkMark(check: unknown): { text: string; color: "green" | "red" | "yellow" | "gray" } | undefined {
  const status = check && typeof check === "object" ? (check as { status?: unknown }).status : undefined;
  switch (status) {
    case "passed":
      return { text: "✓ check", color: "green" };
    case "failed":
      return { text: "✗ check", color: "red" };
    case "timed_out":
      return { text: "⏱ check timed out", color: "red" };
    case "error":
      return { text: "! check", color: "yellow" };
    case "running":
      return { text: "… check", color: "gray" };
    default:
      return undefined;
  }
}

/** The execution's session: SESS-n, or why it has none. */
export function sessionLabel(node: TreeNode): string {
  if (typeof node.managedSessionId === "string" && node.managedSessionId) return node.managedSessionId;
  return node.status === "queued" || node.status === "running" ? "no session yet" : "no session";
}

/** `roots` may be the `{ roots }` response, an array of nodes, or a single node. */
export function renderTree(input: unknown, style: Style, opts: TreeRenderOptions = {}): string[] {
  const roots = treeRoots(input);
  const lines: string[] = [];
  const seen = new Set<unknown>();

  const walk = (node: TreeNode, prefix: string, connector: string, childPrefix: string, depth: number, parentAgent?: unknown) => {
    if (seen.has(node) || depth > 200) return; // defensive against cycles in malformed input
    seen.add(node);
    lines.push(paint(style, prefix + connector, "dim") + renderTreeNodeLine(node, style, opts, parentAgent));
    const children = childrenOf(node);
    children.forEach((child, i) => {
      const last = i === children.length - 1;
      walk(child, prefix + childPrefix, last ? "└─ " : "├─ ", last ? "   " : "│  ", depth + 1, node.agent);
    });
  };

  for (const root of roots) walk(root, "", "", "", 0);
  return lines;
}

export function treeRoots(input: unknown): TreeNode[] {
  if (Array.isArray(input)) return input.map(asNode).filter((n): n is TreeNode => n !== undefined);
  const obj = asNode(input);
  if (!obj) return [];
  const roots = (obj as { roots?: unknown }).roots;
  if (Array.isArray(roots)) return roots.map(asNode).filter((n): n is TreeNode => n !== undefined);
  if (typeof obj.id === "string") return [obj];
  return [];
}

/** Counts every node in the tree (for the summary line). */
export function countNodes(roots: TreeNode[]): number {
  let n = 0;
  const stack = [...roots];
  const seen = new Set<unknown>();
  while (stack.length) {
    const node = stack.pop()!;
    if (seen.has(node)) continue;
    seen.add(node);
    n++;
    stack.push(...childrenOf(node));
  }
  return n;
}
