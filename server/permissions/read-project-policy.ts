import "server-only";
import { permissionPolicyResponseSchema, type PermissionPolicy } from "@/lib/permissions/schema";
import { prisma } from "@/server/db";

/** Where the default workspace (which has no projects row) keeps its policy. */
export const DEFAULT_WORKSPACE_POLICY_KEY = "default_workspace.permissions";

/** A project's permission policy (null: the default workspace's), or null when it set none. */
export async function readProjectPolicy(projectId: string | null): Promise<PermissionPolicy | null> {
  const stored = projectId
    ? (await prisma.project.findUnique({ where: { id: projectId }, select: { permissions: true } }))?.permissions
    : (await prisma.setting.findUnique({ where: { key: DEFAULT_WORKSPACE_POLICY_KEY } }))?.value;
  return policyOf(stored);
}

/** A stored policy, read defensively (written by this code, but a bad row must not stop runs). */
export function policyOf(stored: unknown): PermissionPolicy | null {
  if (stored === null || stored === undefined) return null;
  const parsed = permissionPolicyResponseSchema.safeParse({ allow: [], deny: [], ...(stored as object) });
  return parsed.success ? parsed.data : null;
}
