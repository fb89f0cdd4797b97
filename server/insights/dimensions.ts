import "server-only";
import { z } from "zod";
import { text } from "@/lib/schemas/text";
import { parseId } from "@/lib/ids";
import { parseProjectId } from "@/lib/projects/ids";
import { Prisma } from "@/server/generated/prisma/client";

// What Insights groups executions by ("success rate per agent, per issue, per
// model, per approach"), and what the executions list filters on when a
// number is opened: one entry per dimension, used for both, so every number's
// link selects exactly the executions behind it. `key` is SQL over
//   execution_facts x JOIN issues i ON i.id = x.issue_id
// giving a text (NULL: "none"), or with `multi` a text[] (an execution counts
// under each of its values, e.g. every tool it used).
//
// Adding a dimension = adding an entry (and, for a new executions column,
// mirroring it into execution_facts: see outcome-signals.ts). E.g. once
// executions record how a resume was primed:
//   { id: "resume", label: "Resume", key: Prisma.sql`x.resume_mode`, value: word }

export type Dimension = {
  id: string;
  label: string;
  key: Prisma.Sql;
  multi?: boolean;
  /** Validates a filter value ("none" always means the key is NULL); returns the canonical value or null when malformed. */
  value: (raw: string) => string | null;
  /** Display order of known keys (others follow, by count). */
  order?: readonly string[];
  /** Too many keys to chart every one: the page shows the largest. */
  many?: boolean;
};

const word = (raw: string) => (/^[\w.:@/+-]{1,200}$/.test(raw) ? raw : null);

export const TURN_BUCKETS = ["1", "2-5", "6-20", "21+"] as const;

export const DIMENSIONS: readonly Dimension[] = [
  { id: "agent", label: "Agent", key: Prisma.sql`x.agent`, value: word },
  { id: "model", label: "Model", key: Prisma.sql`x.model`, value: word },
  { id: "issue", label: "Issue", key: Prisma.sql`x.issue_id`, value: (raw) => parseId("issue", raw), many: true },
  { id: "spec", label: "Spec", key: Prisma.sql`i.spec_id`, value: (raw) => parseId("spec", raw), many: true },
  // The issue's project; "none" (or "default") is the default workspace.
  { id: "project", label: "Project", key: Prisma.sql`i.project_id`, value: (raw) => (raw.toLowerCase() === "default" ? "none" : parseProjectId(raw)) },
  {
    id: "lineage",
    label: "How it started",
    key: Prisma.sql`x.lineage`,
    value: (raw) => (["new", "continue", "fork", "restart"].includes(raw) ? raw : null),
    order: ["new", "continue", "fork", "restart"],
  },
  {
    id: "turns",
    label: "Turns",
    key: Prisma.sql`CASE WHEN x.num_turns IS NULL THEN NULL WHEN x.num_turns <= 1 THEN '1' WHEN x.num_turns <= 5 THEN '2-5'
                         WHEN x.num_turns <= 20 THEN '6-20' ELSE '21+' END`,
    value: (raw) => ((TURN_BUCKETS as readonly string[]).includes(raw) ? raw : null),
    order: TURN_BUCKETS,
  },
  { id: "tool", label: "Tools used", key: Prisma.sql`x.tools`, multi: true, value: word, many: true },
];

export function dimension(id: string): Dimension | undefined {
  return DIMENSIONS.find((d) => d.id === id);
}

/** The SQL condition "this execution has `value` on `d`" ("none": no value). */
export function dimensionCondition(d: Dimension, value: string): Prisma.Sql {
  if (value === "none") return d.multi ? Prisma.sql`cardinality(${d.key}) = 0` : Prisma.sql`${d.key} IS NULL`;
  return d.multi ? Prisma.sql`${value} = ANY(${d.key})` : Prisma.sql`${d.key} = ${value}`;
}

/** A zod field per dimension: the filter parameter of the same name. */
export function dimensionParams(): Record<string, z.ZodType<string | undefined>> {
  return Object.fromEntries(
    DIMENSIONS.map((d) => [
      d.id,
      text()
        .trim()
        .optional()
        .transform((raw, ctx) => {
          if (!raw) return undefined;
          if (raw === "none") return "none";
          const value = d.value(raw);
          if (value === null) {
            ctx.addIssue({ code: "custom", message: `"${raw.slice(0, 60)}" is not a valid ${d.label.toLowerCase()}` });
            return z.NEVER;
          }
          return value;
        }),
    ]),
  );
}
