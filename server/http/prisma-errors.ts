import "server-only";
import { Prisma } from "@/server/generated/prisma/client";

/**
 * True when `error` is a Prisma known-request error with the given code, e.g.
 * P2025 (record to update/delete not found), P2003 (foreign key violated), P2002 (unique violated).
 */
export function isPrismaError(error: unknown, code: string): error is Prisma.PrismaClientKnownRequestError {
  return error instanceof Prisma.PrismaClientKnownRequestError && error.code === code;
}
