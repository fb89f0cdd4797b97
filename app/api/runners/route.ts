import { json } from "@/server/http/responses";
import { apiRoute } from "@/server/http/api-route";
import { listRunners } from "@/server/runners/list-runners";

export const dynamic = "force-dynamic";

/** GET /api/runners → { items: Runner[] }: every runner, its state and load (lib/runners/schema.ts). */
export const GET = apiRoute(async () => json({ items: await listRunners() }));
