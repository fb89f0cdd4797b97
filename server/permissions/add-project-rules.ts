import "server-only";
import type { PermissionPolicy } from "@/lib/permissions/schema";
import type { Prisma } from "@/server/generated/prisma/client";
import { DEFAULT_WORKSPACE_POLICY_KEY, policyOf } from "@/server/permissions/read-project-policy";

/**
 * Adds allow rules to a project's policy (null: the default workspace's), in
 * the caller's transaction, the row locked so two decisions never lose one
 * another's rule. A project without a policy gets one in "ask" mode: each
 * agent then runs as it did (agents that cannot ask run under "edits").
 */
export async function addProjectRules(tx: Prisma.TransactionClient, projectId: string | null, rules: readonly string[]): Promise<void> {
  if (rules.length === 0) return;
  const merge = (stored: unknown): PermissionPolicy => {
    const policy = policyOf(stored) ?? { mode: "ask", allow: [], deny: [] };
    return { ...policy, allow: [...new Set([...policy.allow, ...rules])] };
  };
  if (projectId) {
    const rows = await tx.$queryRaw<{ permissions: unknown }[]>`SELECT permissions FROM projects WHERE id = ${projectId} FOR UPDATE`;
    if (rows.length === 0) return;
    await tx.project.update({ where: { id: projectId }, data: { permissions: merge(rows[0].permissions) } });
    return;
  }
  await tx.$executeRaw`INSERT INTO settings (key, value, updated_at) VALUES (${DEFAULT_WORKSPACE_POLICY_KEY}, 'null'::jsonb, now()) ON CONFLICT (key) DO NOTHING`;
  const rows = await tx.$queryRaw<{ value: unknown }[]>`SELECT value FROM settings WHERE key = ${DEFAULT_WORKSPACE_POLICY_KEY} FOR UPDATE`;
  await tx.setting.update({ where: { key: DEFAULT_WORKSPACE_POLICY_KEY }, data: { value: merge(rows[0]?.value) } });
}
