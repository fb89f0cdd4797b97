"use client";

// The session tree's keys: arrows move between executions (Shift pans),
// Enter opens, Space folds (or selects, when comparing), + − 0 zoom and fit,
// L jumps to the latest head, Escape closes the tooltip and compare mode.
import type { KeyboardEvent } from "react";
import type { LaidOutNode, SessionTreeLayout } from "@/lib/executions/session-tree-layout";
import { neighbour } from "./viewport";

/** How far Shift+arrow pans, in screen pixels. */
const PAN_STEP = 80;

export type TreeKeyActions = {
  pan: (dx: number, dy: number) => void;
  /** One step of zoom around the middle (eased). */
  zoomStep: (factor: number) => void;
  fit: () => void;
  loadLatest: () => void;
  /** Escape: hide the tooltip and leave compare mode. */
  dismiss: () => void;
  moveTo: (n: LaidOutNode | null | undefined) => void;
  toggleFold: (id: string) => void;
  toggleSelected: (id: string) => void;
  open: (id: string, newTab: boolean) => void;
};

export function useTreeKeyboard({
  layout,
  activeId,
  compareMode,
  isOnNode,
  actions,
}: {
  layout: SessionTreeLayout;
  activeId: string | null;
  compareMode: boolean;
  /** Whether the key went to a node (Enter and Space act only on nodes). */
  isOnNode: (target: EventTarget | null) => boolean;
  actions: TreeKeyActions;
}) {
  return (event: KeyboardEvent<HTMLElement>) => {
    const a = actions;
    const current = activeId ? layout.byId.get(activeId) : undefined;
    const onNode = isOnNode(event.target);
    if (event.shiftKey && event.key.startsWith("Arrow")) {
      const dx = event.key === "ArrowLeft" ? PAN_STEP : event.key === "ArrowRight" ? -PAN_STEP : 0;
      const dy = event.key === "ArrowUp" ? PAN_STEP : event.key === "ArrowDown" ? -PAN_STEP : 0;
      a.pan(dx, dy);
      event.preventDefault();
      return;
    }
    switch (event.key) {
      case "+":
      case "=":
        a.zoomStep(1.25);
        break;
      case "-":
      case "_":
        a.zoomStep(0.8);
        break;
      case "0":
        a.fit();
        break;
      case "l":
      case "L":
        a.loadLatest();
        break;
      case "Escape":
        a.dismiss();
        return;
      case "ArrowUp":
      case "ArrowDown":
        if (!current) return;
        a.moveTo(neighbour(layout.nodes, current, event.key));
        break;
      case "ArrowLeft":
        if (!current?.parentId) return;
        a.moveTo(layout.byId.get(current.parentId));
        break;
      case "ArrowRight":
        if (!current || current.childCount === 0) return;
        if (current.collapsed) a.toggleFold(current.id);
        else a.moveTo(layout.nodes.find((n) => n.parentId === current.id));
        break;
      case "Home":
        a.moveTo(layout.nodes[0]);
        break;
      case "Enter":
        if (!onNode || !current) return;
        if (compareMode) a.toggleSelected(current.id);
        else a.open(current.id, event.metaKey || event.ctrlKey);
        break;
      case " ":
        if (!onNode || !current) return;
        if (compareMode) a.toggleSelected(current.id);
        else if (current.childCount > 0) a.toggleFold(current.id);
        break;
      default:
        return;
    }
    event.preventDefault();
  };
}
