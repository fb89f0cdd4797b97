import "server-only";
import type { OutcomeMark } from "@/lib/outcomes/schema";
import type { MarkSource } from "@/lib/outcomes/constants";
import type { ExecutionMark, SessionMark } from "@/server/generated/prisma/client";

export function toMarkDto(row: ExecutionMark | SessionMark): OutcomeMark {
  return {
    verdict: row.verdict,
    note: row.note,
    markedBy: row.markedBy,
    via: row.via as MarkSource,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Statuses whose outcome is not known yet: nothing can be marked on them. */
export const UNFINISHED = new Set(["queued", "running"]);

export function stillRunningMessage(id: string, status: string): string {
  return `Execution ${id} is ${status}: mark it once it has finished`;
}
