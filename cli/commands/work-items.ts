// arbor issue create | list | show → POST /api/issues, GET /api/issues, GET /api/issues/:id (+ its executions, what cites it)
// arbor spec create | list | show  → POST /api/specs,  GET /api/specs,  GET /api/specs/:id (+ its issues, what cites it)
// (`arbor issues` and `arbor specs` are the lists.)

import { readFile } from "node:fs/promises";
import path from "node:path";
import type { WorkItemCommand } from "../args";
import { println, seg, type Context } from "../context";
import { listItems, renderList } from "../render/list";
import type { BacklinkItem } from "../render/sessions";
import { renderIssueDetail, renderSpecDetail, type IssueItem, type SpecItem } from "../render/work-items";
import type { Execution } from "../types";
import type { BodySource } from "../work-item-args";
import { UsageError } from "./create";

const PLURAL = { issue: "issues", spec: "specs" } as const;

export async function workItemCommand(ctx: Context, cmd: WorkItemCommand): Promise<number> {
  const collection = `/api/${PLURAL[cmd.name]}`;
  switch (cmd.action) {
    case "create": {
      const body = {
        title: cmd.title,
        ...(cmd.body ? { body: await readBody(ctx, cmd.body) } : {}),
        // "default" is the default workspace, which the API calls null.
        ...(cmd.project !== undefined ? { projectId: cmd.project.toLowerCase() === "default" ? null : cmd.project } : {}),
        ...(cmd.spec !== undefined ? { specId: cmd.spec } : {}),
        ...(cmd.priority !== undefined ? { priority: cmd.priority.toLowerCase() } : {}),
      };
      const created = await ctx.api.post<IssueItem & SpecItem>(collection, body);
      if (cmd.json) println(ctx.stdout, JSON.stringify(created));
      else {
        const where = created.projectId ? `in ${created.projectId}` : "in the default workspace";
        const spec = created.specId ? `, for ${created.specId}` : "";
        println(ctx.stdout, `Created ${created.id}: ${created.title} (${where}${spec})`);
      }
      return 0;
    }
    case "list": {
      const query = new URLSearchParams();
      if (cmd.project !== undefined) query.set("projectId", cmd.project);
      if (cmd.status !== undefined) query.set("status", cmd.status);
      if (cmd.spec !== undefined) query.set("specId", cmd.spec);
      if (cmd.q !== undefined) query.set("q", cmd.q);
      const items = listItems(await ctx.api.get<unknown>(`${collection}${query.size ? `?${query.toString()}` : ""}`), PLURAL[cmd.name]);
      if (cmd.json) println(ctx.stdout, JSON.stringify(items));
      else if (items.length === 0) println(ctx.stdout, query.size ? `No ${PLURAL[cmd.name]} match.` : `No ${PLURAL[cmd.name]}.`);
      else println(ctx.stdout, renderList(items, ctx.style));
      return 0;
    }
    case "show": {
      const item = await ctx.api.get<IssueItem & SpecItem>(`${collection}/${seg(cmd.id.trim())}`);
      const backlinks = await ctx.api
        .get<{ items?: BacklinkItem[] }>(`/api/references?target=${encodeURIComponent(item.id)}`)
        .then((b) => (Array.isArray(b?.items) ? b.items : []));
      if (cmd.name === "issue") {
        const executions = listItems(await ctx.api.get<unknown>(`/api/issues/${seg(item.id)}/executions`)) as Execution[];
        if (cmd.json) println(ctx.stdout, JSON.stringify({ ...item, executions, referencedBy: backlinks }));
        else println(ctx.stdout, renderIssueDetail(item, executions, backlinks, ctx.style));
      } else {
        const issues = listItems(await ctx.api.get<unknown>(`/api/issues?specId=${encodeURIComponent(item.id)}`)) as IssueItem[];
        if (cmd.json) println(ctx.stdout, JSON.stringify({ ...item, issues, referencedBy: backlinks }));
        else println(ctx.stdout, renderSpecDetail(item, issues, backlinks, ctx.style));
      }
      return 0;
    }
  }
}

/** The text of a new issue or spec: as given, from a file (relative to here), or from stdin. */
async function readBody(ctx: Context, source: BodySource): Promise<string> {
  if (source.from === "text") return source.text;
  if (source.from === "stdin") return ctx.readStdin();
  const file = path.resolve(ctx.cwd, source.path);
  try {
    return await readFile(file, "utf8");
  } catch (error) {
    throw new UsageError(`cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
}
