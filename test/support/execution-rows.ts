// Executions written straight into the database (no runner, no agent), for
// tests of what SQL makes of them: one issue per test file, made before its
// tests, and a clock of their own that moves a second per row, so rows sort
// in the order they were made.
import { randomUUID } from "node:crypto";
import { prisma } from "@/server/db";
import type { Prisma } from "@/server/generated/prisma/client";
import { makeIssue } from "@/test/support/factories";

export function executionRows(issueTitle: string, startAt = "2026-01-01T00:00:00Z") {
  let issueId = "";
  let clock = Date.parse(startAt);
  beforeAll(async () => {
    issueId = (await makeIssue({ title: issueTitle })).id;
  });
  return {
    issueId: () => issueId,
    /** The clock as the last row (or tick) left it. */
    now: () => new Date(clock),
    /** Moves the clock a second on and returns it (for a row written another way). */
    tick: () => new Date((clock += 1_000)),
    /** A row at the next tick; override anything. */
    turn(data: Partial<Prisma.ExecutionUncheckedCreateInput>) {
      const createdAt = new Date((clock += 1_000));
      return prisma.execution.create({ data: { id: randomUUID(), issueId, agent: "claude", prompt: "a turn", cwd: "/tmp", createdAt, ...data } });
    },
  };
}
