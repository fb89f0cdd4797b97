import "server-only";
import type { CreateProjectData, UpdateProjectData } from "@/lib/projects/schema";
import { Prisma } from "@/server/generated/prisma/client";

/** The closing-the-loop fields of a create or update, as columns: absent stays, null clears. */
type LoopColumns = Pick<Prisma.ProjectUncheckedCreateInput, "checkCommand" | "checkTimeoutSeconds" | "setupScript" | "copyFiles" | "cleanupScript" | "remote">;

export function loopData(input: CreateProjectData | UpdateProjectData): LoopColumns {
  const data: Record<string, unknown> = {};
  if (input.checkCommand !== undefined) data.checkCommand = input.checkCommand === null ? Prisma.DbNull : input.checkCommand;
  if (input.checkTimeoutSeconds !== undefined) data.checkTimeoutSeconds = input.checkTimeoutSeconds;
  if (input.setupScript !== undefined) data.setupScript = input.setupScript;
  if (input.copyFiles !== undefined) data.copyFiles = input.copyFiles;
  if (input.cleanupScript !== undefined) data.cleanupScript = input.cleanupScript;
  if (input.remote !== undefined) data.remote = input.remote;
  return data as LoopColumns;
}
