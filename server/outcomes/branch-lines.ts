import "server-only";
import { prisma } from "@/server/db";

// Where an execution stands among the alternatives of the session tree, for
// "preferred". A branching point is an execution that was forked from. Its
// lines are the original (the branching point and the turns that continue it
// in its own session) and each fork (the fork's first execution and the turns
// that continue it). A line is named by its first execution: the branching
// point itself for the original, the fork's first execution for a fork.

export type LineMembership = {
  branchPointId: string;
  /** The first execution of the line this execution is on. */
  lineId: string;
  line: "original" | "fork";
  /** How far up the turn chain the branching point is (0: the execution itself); smaller is nearer. */
  distance: number;
};

export type LineInfo = {
  issueId: string;
  /** Every (branching point, line) this execution belongs to. */
  memberships: LineMembership[];
  /** Where "preferred" applies when no alternative is named (see preferTarget). */
  defaultMembership: LineMembership | null;
};

/** A safety bound on turn chains (they are short in practice; this only stops a corrupt cycle). */
const MAX_CHAIN = 10_000;

type ChainRow = { id: string; issue_id: string; forked_from_execution_id: string | null; depth: number; has_forks: boolean };

/**
 * The lines an execution is on. Null when it does not exist. It is on the
 * original line of every execution up its chain of turns (itself included)
 * that has forks, and on a fork line when the first turn of its chain is a fork.
 */
export async function lineInfo(executionId: string): Promise<LineInfo | null> {
  const chain = await prisma.$queryRaw<ChainRow[]>`
    WITH RECURSIVE up AS (
      SELECT id, issue_id, parent_execution_id, forked_from_execution_id, 0 AS depth FROM executions WHERE id = ${executionId}::uuid
      UNION ALL
      SELECT p.id, p.issue_id, p.parent_execution_id, p.forked_from_execution_id, up.depth + 1
        FROM executions p JOIN up ON p.id = up.parent_execution_id
       WHERE up.depth < ${MAX_CHAIN}
    )
    SELECT up.id::text, up.issue_id, up.forked_from_execution_id::text, up.depth,
           EXISTS (SELECT 1 FROM executions f WHERE f.forked_from_execution_id = up.id) AS has_forks
      FROM up ORDER BY up.depth`;
  if (chain.length === 0) return null;
  const memberships: LineMembership[] = chain
    .filter((row) => row.has_forks)
    .map((row) => ({ branchPointId: row.id, lineId: row.id, line: "original" as const, distance: row.depth }));
  const first = chain[chain.length - 1];
  let forkMembership: LineMembership | null = null;
  if (first.forked_from_execution_id) {
    forkMembership = { branchPointId: first.forked_from_execution_id, lineId: first.id, line: "fork", distance: first.depth + 1 };
    memberships.push(forkMembership);
  }
  // Marking a fork (or a later turn of one) "preferred" means: over the line
  // it branched from. Otherwise: over the forks of the nearest execution up
  // its chain that has any.
  const defaultMembership = forkMembership ?? memberships[0] ?? null;
  return { issueId: chain[0].issue_id, memberships, defaultMembership };
}

export type Alternatives = { ok: true; membership: LineMembership } | { ok: false; reason: string };

/** The branching point at which `a` and `b` are on different lines (the nearest, when several). */
export function commonBranchPoint(a: LineInfo, b: LineInfo, ids: { a: string; b: string }): Alternatives {
  if (a.issueId !== b.issueId) {
    return {
      ok: false,
      reason: `${ids.a} belongs to ${a.issueId} and ${ids.b} to ${b.issueId}: only alternatives of one issue's session tree can be preferred over each other`,
    };
  }
  const candidates = a.memberships
    .map((ma) => ({ ma, mb: b.memberships.find((mb) => mb.branchPointId === ma.branchPointId) }))
    .filter(({ ma, mb }) => mb !== undefined && mb.lineId !== ma.lineId)
    .sort((x, y) => x.ma.distance - y.ma.distance);
  if (candidates.length === 0) {
    return {
      ok: false,
      reason: `${ids.a} and ${ids.b} are not alternatives: neither is a fork of the other's line at a common branching point (they are on the same line, or on unrelated branches)`,
    };
  }
  return { ok: true, membership: candidates[0].ma };
}
