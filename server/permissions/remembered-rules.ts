import "server-only";
import { prisma } from "@/server/db";

/**
 * The rules people allowed for the rest of an agent session (approvals decided
 * with scope "session"): its Continues and warm turns run with them. Kept on
 * the approvals themselves, so the audit trail is the only record.
 */
export async function rememberedRules(agent: string, agentSessionId: string | null): Promise<string[]> {
  if (!agentSessionId) return [];
  const rows = await prisma.approval.findMany({
    where: { agent, agentSessionId, status: "allowed", scope: "session" },
    select: { rememberedRules: true },
    orderBy: { number: "asc" },
  });
  return [...new Set(rows.flatMap((row) => row.rememberedRules))];
}
