import "server-only";
import type { Prisma } from "@/server/generated/prisma/client";

/** Whether a project id names a registered project (for specs and issues that name one). */
export async function projectExists(db: Pick<Prisma.TransactionClient, "project">, id: string): Promise<boolean> {
  return (await db.project.findUnique({ where: { id }, select: { id: true } })) !== null;
}
