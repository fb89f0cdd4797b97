import "server-only";
import { DatabaseError } from "pg";
import { Prisma } from "@/server/generated/prisma/client";

/**
 * True when `error` is a Prisma known-request error with the given code, e.g.
 * P2025 (record to update/delete not found), P2003 (foreign key violated), P2002 (unique violated).
 */
export function isPrismaError(error: unknown, code: string): error is Prisma.PrismaClientKnownRequestError {
  return error instanceof Prisma.PrismaClientKnownRequestError && error.code === code;
}

/**
 * A unique index refused the write: P2002 from Prisma's own queries; from SQL
 * written by hand, PostgreSQL's code 23505, as node-postgres reports it (a
 * DatabaseError) or Prisma's $queryRaw does (P2010 carrying it).
 */
export function isUniqueViolation(error: unknown): boolean {
  if (isPrismaError(error, "P2002")) return true;
  if (isPrismaError(error, "P2010")) {
    const cause = (error.meta?.driverAdapterError as { cause?: { originalCode?: unknown } } | undefined)?.cause;
    return cause?.originalCode === "23505";
  }
  return error instanceof DatabaseError && error.code === "23505";
}
