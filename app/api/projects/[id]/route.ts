import { updateProjectSchema } from "@/lib/projects/schema";
import { errorResponse, resultResponse } from "@/server/http/responses";
import { readJson } from "@/server/http/validation";
import { apiRoute } from "@/server/http/api-route";
import { deleteProject } from "@/server/projects/delete-project";
import { getProject } from "@/server/projects/get-project";
import { updateProject } from "@/server/projects/update-project";

export const dynamic = "force-dynamic";

type Context = { params: Promise<{ id: string }> };

/** GET /api/projects/:id (PROJ-n, or "default") → ProjectDetail (facts read from its directory now) */
export const GET = apiRoute(async (_request: Request, { params }: Context) => {
  const { id } = await params;
  return resultResponse(await getProject(id));
});

/** PATCH /api/projects/:id { name?, baseBranch?, defaultAgent?, runHooksOnApply?, mcp?, permissions?, archived? } → Project ("default": permissions only) */
export const PATCH = apiRoute(async (request: Request, { params }: Context) => {
  const { id } = await params;
  const input = await readJson(request, updateProjectSchema);
  if (!input.ok) return errorResponse(input.error);
  return resultResponse(await updateProject(id, input.value));
});

/** DELETE /api/projects/:id → { id, deleted }; 409 while specs, issues or executions use it */
export const DELETE = apiRoute(async (_request: Request, { params }: Context) => {
  const { id } = await params;
  return resultResponse(await deleteProject(id));
});
