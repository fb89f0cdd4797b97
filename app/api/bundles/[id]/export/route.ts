import { exportBundle, exportFileName } from "@/server/bundles/export-bundle";
import { errorResponse } from "@/server/http/responses";
import { apiRoute } from "@/server/http/api-route";

export const dynamic = "force-dynamic";

type Context = { params: Promise<{ id: string }> };

/** GET /api/bundles/:id/export → { format: "arbor.bundle", version: 1, name, description, items: [{ type, id }] } as a download */
export const GET = apiRoute(async (_request: Request, { params }: Context) => {
  const { id } = await params;
  const result = await exportBundle(id);
  if (!result.ok) return errorResponse(result.error);
  return new Response(`${JSON.stringify(result.value.data, null, 2)}\n`, {
    status: 200,
    headers: {
      "content-type": "application/json; charset=utf-8",
      "content-disposition": `attachment; filename="${exportFileName(result.value.id, result.value.data.name)}"`,
      "cache-control": "no-store",
    },
  });
});
