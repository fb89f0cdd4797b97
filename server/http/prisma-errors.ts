import "server-only";
import { Prisma } from "@/server/generated/prisma/client";

/**
 * True when `error` is a Prisma known-request error with the given code, e.g.
 * P2025 (record to update/delete not found), P2003 (foreign key violated), P2002 (unique violated).
 */
export function isPrismaError(error: unknown, code: string): error is Prisma.PrismaClientKnownRequestError {
  return error instanceof Prisma.PrismaClientKnownRequestError && error.code === code;
}

/**
 * A unique index refused the write: P2002 from Prisma's own queries, or from
 * hand-written SQL ($queryRaw) a P2010 carrying PostgreSQL's code 23505.
 */
export function isUniqueViolation(error: unknown): boolean {
  if (isPrismaError(error, "P2002")) return true;
  if (!isPrismaError(error, "P2010")) return false;
  const cause = (error.meta?.driverAdapterError as { cause?: { originalCode?: unknown } } | undefined)?.cause;
  return cause?.originalCode === "23505";
}
