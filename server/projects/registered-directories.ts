import "server-only";
import { prisma } from "@/server/db";
import type { RegisteredDirectory } from "./main-checkout-rule";

// Registering a directory is the person's consent to agents working there:
// the projects table is the list of directories a person allowed, read
// whenever a run's directory is decided or checked again (no restart), and
// the list of main checkouts no run may write into (main-checkout-rule.ts).

/** Every registered project's directory, archived ones included (their checkouts stay protected). */
export async function registeredDirectories(): Promise<RegisteredDirectory[]> {
  const rows = await prisma.project.findMany({
    select: { id: true, name: true, path: true, isGitRepo: true, archivedAt: true },
    orderBy: { number: "asc" },
  });
  return rows.map(({ archivedAt, ...row }) => ({ ...row, archived: archivedAt !== null }));
}
