import { resultResponse } from "@/server/http/responses";
import { apiRoute } from "@/server/http/api-route";
import { prisma } from "@/server/db";
import { announce, notice } from "@/server/realtime/announce";
import { drainRunner } from "@/server/runners/drain-runner";

export const dynamic = "force-dynamic";

type Context = { params: Promise<{ id: string }> };

/** POST /api/runners/:id/drain → { runner }: it takes no new turn, finishes its running ones, releases its warm sessions (idempotent). */
export const POST = apiRoute(async (_request: Request, { params }: Context) => {
  const { id } = await params;
  return resultResponse(await drainRunner(id, (runnerId) => announce(prisma, notice.drain(runnerId))));
});
