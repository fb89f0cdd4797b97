import { requestObject } from "@/lib/schemas/common";
import { text } from "@/lib/schemas/text";
import { listBacklinks } from "@/server/references/list-backlinks";
import { errorResponse, resultResponse } from "@/server/http/responses";
import { readQuery } from "@/server/http/validation";
import { apiRoute } from "@/server/http/api-route";

export const dynamic = "force-dynamic";

const query = requestObject({
  target: text({ error: "target is required (e.g. SESS-1)" }).trim().min(1, "target is required (e.g. SESS-1)").max(100),
});

/** GET /api/references?target=SESS-1 → { target, items: [{ type, id, title, href, updatedAt }] }: what cites the target */
export const GET = apiRoute(async (request: Request) => {
  const input = readQuery(request, query);
  if (!input.ok) return errorResponse(input.error);
  return resultResponse(await listBacklinks(input.value.target));
});
