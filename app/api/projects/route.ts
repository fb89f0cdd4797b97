import { createProjectSchema, projectListQuerySchema } from "@/lib/projects/schema";
import { errorResponse, resultResponse } from "@/server/http/responses";
import { readJson, readQuery } from "@/server/http/validation";
import { withErrorHandling } from "@/server/http/with-error-handling";
import { createProject } from "@/server/projects/create-project";
import { listProjects } from "@/server/projects/list-projects";

export const dynamic = "force-dynamic";

/** GET /api/projects?limit= → { items: Project[], defaultWorkspace: Project } */
export const GET = withErrorHandling(async (request: Request) => {
  const query = readQuery(request, projectListQuerySchema);
  if (!query.ok) return errorResponse(query.error);
  return resultResponse(await listProjects(query.value));
});

/** POST /api/projects { path, name?, baseBranch?, defaultAgent? } → 201 Project */
export const POST = withErrorHandling(async (request: Request) => {
  const input = await readJson(request, createProjectSchema);
  if (!input.ok) return errorResponse(input.error);
  return resultResponse(await createProject(input.value), 201);
});
