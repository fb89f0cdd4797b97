import { requestObject } from "@/lib/schemas/common";
import { text } from "@/lib/schemas/text";
import { resolveReferences } from "@/server/lookups/resolve-references";
import { errorResponse, resultResponse } from "@/server/http/responses";
import { readQuery } from "@/server/http/validation";
import { apiRoute } from "@/server/http/api-route";

export const dynamic = "force-dynamic";

const query = requestObject({
  ids: text({ error: "ids is required (e.g. SPEC-1,SESS-2)" })
    .max(5_000)
    .transform((v) =>
      v
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean),
    ),
});

/** GET /api/references/resolve?ids=SPEC-1,SESS-2 → { items: { "SPEC-1": { type, id, title, status, lastActivityAt, href } | null, … } } */
export const GET = apiRoute(async (request: Request) => {
  const input = readQuery(request, query);
  if (!input.ok) return errorResponse(input.error);
  return resultResponse(await resolveReferences(input.value.ids));
});
