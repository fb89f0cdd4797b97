import "server-only";
import { Prisma, type Execution } from "@/server/generated/prisma/client";

// A few hot statements are written as SQL by hand (one round trip where
// Prisma would take several: record-follow-up.ts). They return executions
// rows in the shape Prisma's client does, so the rest of the code keeps one
// Execution type: every scalar field, aliased from its column. Columns are the
// fields in snake_case (schema.prisma's @map, throughout this model); an
// integration test holds a row read this way equal to Prisma's own read.

const column = (field: string) => field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

const FIELDS = Object.keys(Prisma.ExecutionScalarFieldEnum);

const built = new Map<string, Prisma.Sql>();

/**
 * `"issue_id" AS "issueId", …` for every field of Execution, or for `fields`
 * (a reader that needs fewer: read-issue-tree.ts) (`table`: qualify each
 * column with it); built once per table and field list.
 */
export function executionColumns(table = "", fields: readonly (keyof Execution)[] | null = null): Prisma.Sql {
  const key = `${table}|${fields?.join(",") ?? "*"}`;
  let columns = built.get(key);
  if (!columns) {
    const prefix = table ? `"${table}".` : "";
    columns = Prisma.raw((fields ?? FIELDS).map((field) => `${prefix}"${column(field)}" AS "${field}"`).join(", "));
    built.set(key, columns);
  }
  return columns;
}

/**
 * A row selected through executionColumns by node-postgres (the runner's own
 * pool), as Prisma reads it: pg gives BIGINT as a string, Prisma as a BigInt.
 */
export function executionFromPg(row: Record<string, unknown>): Execution {
  const ticks = row.processStartTicks;
  return { ...row, processStartTicks: ticks === null || ticks === undefined ? null : BigInt(ticks as string) } as Execution;
}
