import { json } from "@/server/http/responses";
import { apiRoute } from "@/server/http/api-route";
import { listAgentStatuses } from "@/server/agents/list-agents";

export const dynamic = "force-dynamic";

/**
 * GET /api/agents → { agents: AgentStatus[], agentsFile, warnings }: every agent
 * (built-in or from the agents file) with installed?, version, session
 * capabilities and verification; warnings name the agents file's bad fields.
 */
export const GET = apiRoute(async () => json(await listAgentStatuses()));
