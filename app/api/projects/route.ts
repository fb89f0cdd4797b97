import { createProjectSchema, projectListQuerySchema } from "@/lib/projects/schema";
import { errorResponse, resultResponse } from "@/server/http/responses";
import { readJson, readQuery } from "@/server/http/validation";
import { apiRoute } from "@/server/http/api-route";
import { createProject } from "@/server/projects/create-project";
import { listProjects } from "@/server/projects/list-projects";

export const dynamic = "force-dynamic";

/** GET /api/projects?limit=&archived= → { items: Project[] (active ones; archived=true: the archived ones), defaultWorkspace: Project } */
export const GET = apiRoute(async (request: Request) => {
  const query = readQuery(request, projectListQuerySchema);
  if (!query.ok) return errorResponse(query.error);
  return resultResponse(await listProjects(query.value));
});

/** POST /api/projects { path, name?, baseBranch?, defaultAgent?, runHooksOnApply?, mcp?, permissions? } → 201 Project (any directory, unless ARBOR_WORKSPACE_ROOTS caps them) */
export const POST = apiRoute(async (request: Request) => {
  const input = await readJson(request, createProjectSchema);
  if (!input.ok) return errorResponse(input.error);
  return resultResponse(await createProject(input.value), 201);
});
