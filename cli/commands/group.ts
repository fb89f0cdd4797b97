// Fan-out groups:
//   arbor run ISSUE "…" --agents a,b:m / arbor fork <id> "…" --agents … → POST /api/executions/fan-out
//   arbor group GRP-3 [--follow]      → GET /api/groups/:id (polled until every member ended, with --follow)
//   arbor group pick GRP-3 <id> […]   → POST /api/groups/:id/pick
//   arbor group cancel GRP-3          → POST /api/groups/:id/cancel
//   arbor groups ISSUE-1              → GET /api/issues/:id/groups

import type { GroupCommand } from "../args";
import { println, seg, type Context } from "../context";
import { resolveExecutionId } from "../execution-ref";
import type { FanOutRunArg } from "../fan-out-args";
import { shortId } from "../render/format";
import { renderFanOutCreated, renderGroup, renderGroupList, renderMemberStatus } from "../render/group";
import { listItems } from "../render/list";
import { paint } from "../render/style";
import { TERMINAL_STATUSES, type Execution, type Group, type GroupListEntry } from "../types";
import { EXIT_DETACHED } from "./follow";

/** How often --follow looks at a group: members take minutes, so a poll every two seconds is plenty and cheap for the server. */
const POLL_MS = 2000;

function groupPage(ctx: Context, groupId: string): string {
  return ctx.api.url(`/groups/${seg(groupId)}`);
}

function asGroup(body: unknown, what: string): Group {
  const group = body && typeof body === "object" ? (body as Group) : undefined;
  if (!group || typeof group.id !== "string") throw new Error(`unexpected answer from ${what}: no group`);
  return group;
}

function memberExecutions(group: Group): Execution[] {
  return (group.members ?? []).flatMap((m) => {
    const exec = m?.execution;
    return exec && typeof exec.id === "string" ? [exec as Execution] : [];
  });
}

/** Every member ended: 0 when all completed (as `--follow` of one execution), else 1. */
function groupExitCode(group: Group): number {
  return memberExecutions(group).every((e) => e.status === "completed") ? 0 : 1;
}

export type FanOutBody = {
  issueId?: string;
  fromExecutionId?: string;
  prompt: string;
  runs: FanOutRunArg[];
  projectId?: string;
  startRef?: string;
  permissions?: unknown;
};

/** POST the fan-out, print the group (or its JSON), and with follow wait for every member. */
export async function fanOut(ctx: Context, body: FanOutBody, opts: { follow: boolean; json: boolean }): Promise<number> {
  const path = "/api/executions/fan-out";
  const res = await ctx.api.post<{ group?: unknown; executions?: unknown }>(path, body, { idempotent: true });
  const group = asGroup(res?.group, `POST ${path}`);
  if (opts.json) println(ctx.stdout, JSON.stringify(opts.follow ? { event: "fan-out", data: res } : res));
  else println(ctx.stdout, renderFanOutCreated(group, ctx.style, groupPage(ctx, group.id)));
  if (!opts.follow) return 0;
  return waitForGroup(ctx, group, opts.json);
}

/**
 * Polls the group until every member has ended, printing each member's status
 * changes (JSON: each changed member's execution), then the side-by-side view.
 * Polling, not one event stream per member: up to eight streams at once would
 * interleave eight logs, which nobody can read; the logs are one `arbor show` away.
 */
async function waitForGroup(ctx: Context, first: Group, json: boolean): Promise<number> {
  const seen = new Map<string, string>();
  let group = first;
  for (const e of memberExecutions(group)) seen.set(e.id, String(e.status));
  for (;;) {
    const execs = memberExecutions(group);
    for (const e of execs) {
      const status = String(e.status);
      if (seen.get(e.id) === status) continue;
      seen.set(e.id, status);
      println(ctx.stdout, json ? JSON.stringify({ event: "status", data: e }) : renderMemberStatus(e, ctx.style));
    }
    if (execs.length > 0 && execs.every((e) => TERMINAL_STATUSES.includes(String(e.status)))) break;
    if (!(await pause(ctx, POLL_MS))) {
      println(ctx.stderr, `arbor: detached; the members keep running — see them with: arbor group ${group.id}`);
      return EXIT_DETACHED;
    }
    group = asGroup(await ctx.api.get<unknown>(`/api/groups/${seg(group.id)}`), `GET /api/groups/${group.id}`);
  }
  if (json) println(ctx.stdout, JSON.stringify({ event: "group", data: group }));
  else println(ctx.stdout, ["", ...renderGroup(group, ctx.style, groupPage(ctx, group.id))]);
  return groupExitCode(group);
}

/** Waits between polls (tests pass their own sleep, as for the event stream); false when aborted (Ctrl-C). */
async function pause(ctx: Context, ms: number): Promise<boolean> {
  if (!ctx.sse?.sleep) return sleep(ms, ctx.signal);
  await ctx.sse.sleep(ms, ctx.signal);
  return !ctx.signal?.aborted;
}

function sleep(ms: number, signal?: AbortSignal): Promise<boolean> {
  if (signal?.aborted) return Promise.resolve(false);
  return new Promise((resolve) => {
    const done = (value: boolean) => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
      resolve(value);
    };
    const onAbort = () => done(false);
    const timer = setTimeout(() => done(true), ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

export async function groupCommand(ctx: Context, cmd: GroupCommand): Promise<number> {
  if (cmd.name === "groups") {
    const body = await ctx.api.get<unknown>(`/api/issues/${seg(cmd.issueId)}/groups`);
    if (cmd.json) {
      println(ctx.stdout, JSON.stringify(body));
      return 0;
    }
    const items = listItems(body).filter((g): g is GroupListEntry => Boolean(g) && typeof (g as GroupListEntry).id === "string");
    println(ctx.stdout, items.length ? renderGroupList(items, ctx.style) : `No fan-out groups for ${cmd.issueId} yet.`);
    return 0;
  }
  const base = `/api/groups/${seg(cmd.groupId)}`;
  switch (cmd.action) {
    case "show": {
      const group = asGroup(await ctx.api.get<unknown>(base), `GET ${base}`);
      if (cmd.follow) return waitForGroup(ctx, group, cmd.json);
      println(ctx.stdout, cmd.json ? JSON.stringify(group) : renderGroup(group, ctx.style, groupPage(ctx, group.id)));
      return 0;
    }
    case "pick": {
      const executionId = await resolveExecutionId(ctx, cmd.executionId);
      const body = {
        executionId,
        ...(cmd.apply ? { apply: true } : {}),
        ...(cmd.archiveOthers ? { archiveOthers: true } : {}),
        ...(cmd.note !== undefined ? { note: cmd.note } : {}),
      };
      const res = await ctx.api.post<{ group?: unknown; applied?: { branch?: unknown; commit?: unknown } | null; archived?: unknown }>(`${base}/pick`, body);
      if (cmd.json) {
        println(ctx.stdout, JSON.stringify(res));
        return 0;
      }
      const group = asGroup(res?.group, `POST ${base}/pick`);
      const picked = memberExecutions(group).find((e) => e.id === executionId);
      const who = picked ? ` (${[picked.agent, picked.model].filter(Boolean).join(" · ")})` : "";
      const lines = [`${paint(ctx.style, "Picked", "green", "bold")} ${shortId(executionId)}${who} in ${group.id}`];
      if (res.applied && typeof res.applied.branch === "string") {
        lines.push(`  applied to ${res.applied.branch}: ${typeof res.applied.commit === "string" ? shortId(res.applied.commit, 12) : "?"}`);
      }
      const archived = Array.isArray(res.archived) ? res.archived.filter((id): id is string => typeof id === "string") : [];
      if (archived.length) lines.push(`  archived (worktrees removed, branches kept): ${archived.map((id) => shortId(id)).join(", ")}`);
      println(ctx.stdout, lines);
      return 0;
    }
    case "cancel": {
      const res = await ctx.api.post<{ group?: unknown; cancelled?: unknown }>(`${base}/cancel`);
      if (cmd.json) {
        println(ctx.stdout, JSON.stringify(res));
        return 0;
      }
      const cancelled = Array.isArray(res?.cancelled) ? res.cancelled.filter((id): id is string => typeof id === "string") : [];
      println(
        ctx.stdout,
        cancelled.length
          ? `Cancelled ${cancelled.length} member${cancelled.length === 1 ? "" : "s"} of ${cmd.groupId}: ${cancelled.map((id) => shortId(id)).join(", ")}`
          : `Nothing to cancel in ${cmd.groupId}: every member has ended`,
      );
      return 0;
    }
  }
}
