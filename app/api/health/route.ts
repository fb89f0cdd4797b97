import { NextResponse } from "next/server";
import { apiRoute } from "@/server/http/api-route";
import { checkHealth } from "@/server/health/check-health";

export const dynamic = "force-dynamic";

export const GET = apiRoute(async () => {
  const health = await checkHealth();
  return NextResponse.json(health, { status: health.ok ? 200 : 503 });
});
