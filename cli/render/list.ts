// Issue / spec lists (and the list in any response) → aligned lines. Pure and tolerant of the item shape.

import { oneLine } from "./format";
import { paint, type Style } from "./style";

function asRecord(v: unknown): Record<string, unknown> {
  return v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
}

function firstString(obj: Record<string, unknown>, keys: string[]): string | undefined {
  for (const k of keys) {
    const v = obj[k];
    if (typeof v === "string" && v !== "") return v;
    if (typeof v === "number") return String(v);
  }
  return undefined;
}

/** The list out of a response that is an array, `{ items }`, or `{ <key>: [...] }`. */
export function listItems(body: unknown, key?: string): unknown[] {
  if (Array.isArray(body)) return body;
  const obj = asRecord(body);
  for (const k of ["items", ...(key ? [key] : []), "data", "results"]) {
    if (Array.isArray(obj[k])) return obj[k] as unknown[];
  }
  return [];
}

export interface ListRow {
  id: string;
  status?: string;
  /** The project it belongs to: "PROJ-2", or "default" (the default workspace) when the item says null. */
  project?: string;
  title: string;
}

export function listRow(item: unknown): ListRow {
  if (typeof item === "string") return { id: item, title: "" };
  const o = asRecord(item);
  const id = firstString(o, ["key", "identifier", "slug", "id"]) ?? "?";
  const title = firstString(o, ["title", "name", "summary"]) ?? "";
  const status = firstString(o, ["status", "state"]);
  const project = "projectId" in o ? (firstString(o, ["projectId"]) ?? "default") : undefined;
  return { id, ...(status === undefined ? {} : { status }), ...(project === undefined ? {} : { project }), title };
}

/** Aligned id, status, project and title; the project column only when some item is in a project. */
export function renderList(items: unknown[], style: Style): string[] {
  const rows = items.map(listRow);
  const inProjects = rows.some((r) => r.project !== undefined && r.project !== "default");
  const column = (text: string | undefined, width: number) => (width ? `  ${paint(style, (text ?? "").padEnd(width), "dim")}` : "");
  const idWidth = Math.max(0, ...rows.map((r) => r.id.length));
  const statusWidth = Math.max(0, ...rows.map((r) => (r.status ?? "").length));
  const projectWidth = inProjects ? Math.max(0, ...rows.map((r) => (r.project ?? "").length)) : 0;
  const width = style.columns ?? 160;
  return rows.map((r) => {
    const left = paint(style, r.id.padEnd(idWidth), "bold") + column(r.status, statusWidth) + column(r.project, projectWidth);
    const used = idWidth + (statusWidth ? statusWidth + 2 : 0) + (projectWidth ? projectWidth + 2 : 0) + 2;
    return `${left}  ${oneLine(r.title, Math.max(20, width - used))}`.trimEnd();
  });
}
