import { executionHref } from "@/lib/hrefs";
import type { SearchGroup, SearchHit } from "@/lib/search/schema";
import type { HitContext } from "@/server/search/describe-hits";

// The last step of search (server/search/search.ts): hits grouped by what
// they are about — a session (or an execution outside any session), a spec,
// an issue — in the order of each group's best hit. Pure.

export function groupHits(hits: SearchHit[], context: HitContext): SearchGroup[] {
  const groups = new Map<string, SearchGroup>();
  for (const hit of hits) {
    const key = groupKey(hit);
    let group = groups.get(key);
    if (!group) {
      group = newGroup(key, hit, context);
      groups.set(key, group);
    }
    if (hit.executionId && !group.executionIds.includes(hit.executionId)) group.executionIds.push(hit.executionId);
    group.hits.push(hit);
  }
  return [...groups.values()];
}

function groupKey(hit: SearchHit): string {
  if (hit.kind === "spec" && hit.specId) return hit.specId;
  if (hit.kind === "issue" && hit.issueId) return hit.issueId;
  return hit.sessionId ?? `execution:${hit.executionId ?? "none"}`;
}

function newGroup(key: string, hit: SearchHit, context: HitContext): SearchGroup {
  const none = { sessionId: null, issueId: null, issueTitle: null, specId: null, executionIds: [], hits: [] };
  if (hit.kind === "spec" && hit.specId) {
    return { ...none, key, kind: "spec", title: context.specs.get(hit.specId) ?? hit.specId, href: `/specs/${hit.specId}`, specId: hit.specId };
  }
  if (hit.kind === "issue" && hit.issueId) {
    const title = context.issues.get(hit.issueId) ?? null;
    return { ...none, key, kind: "issue", title: title ?? hit.issueId, href: `/issues/${hit.issueId}`, issueId: hit.issueId, issueTitle: title };
  }
  const session = hit.sessionId ? context.sessions.get(hit.sessionId) : undefined;
  const execution = hit.executionId ? context.executions.get(hit.executionId) : undefined;
  const issueId = hit.issueId ?? session?.issueId ?? null;
  return {
    ...none,
    key,
    kind: hit.sessionId ? "session" : "execution",
    sessionId: hit.sessionId,
    title: session?.title ?? firstLine(execution?.prompt ?? "") ?? "Untitled",
    href: hit.sessionId ? `/sessions/${hit.sessionId}` : hit.executionId ? executionHref(hit.executionId) : hit.href,
    issueId,
    issueTitle: issueId ? (context.issues.get(issueId) ?? null) : null,
  };
}

function firstLine(text: string): string | undefined {
  const line = text
    .split("\n")
    .find((l) => l.trim())
    ?.trim();
  if (!line) return undefined;
  return line.length > 120 ? `${line.slice(0, 119)}…` : line;
}
