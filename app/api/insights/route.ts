import { resultResponse } from "@/server/http/responses";
import { apiRoute } from "@/server/http/api-route";
import { getInsights } from "@/server/insights/get-insights";

export const dynamic = "force-dynamic";

/**
 * GET /api/insights?issue=&spec=&agent=&model=&session=&lineage=&turns=&tool=&since=30d|from=&to=&bucket=day|week&usageBy=agent
 * → InsightsDto. Unknown parameters → 422; unknown ids → 404.
 */
export const GET = apiRoute(async (request: Request) => resultResponse(await getInsights(Object.fromEntries(new URL(request.url).searchParams.entries()))));
