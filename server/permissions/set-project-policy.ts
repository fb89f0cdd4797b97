import "server-only";
import type { PermissionPolicy, PermissionPolicyInput } from "@/lib/permissions/schema";
import { prisma } from "@/server/db";
import { Prisma } from "@/server/generated/prisma/client";
import { DEFAULT_WORKSPACE_POLICY_KEY } from "@/server/permissions/read-project-policy";

/** A policy as given (rules optional) in full, as stored and shown. */
export function fullPolicy(input: PermissionPolicyInput): PermissionPolicy {
  return { mode: input.mode, allow: input.allow ?? [], deny: input.deny ?? [] };
}

/** Sets (or, with null, clears) a project's policy; null project: the default workspace's. */
export async function setProjectPolicy(projectId: string | null, policy: PermissionPolicyInput | null): Promise<void> {
  if (projectId) {
    await prisma.project.update({ where: { id: projectId }, data: { permissions: policy ? fullPolicy(policy) : Prisma.DbNull } });
    return;
  }
  if (!policy) {
    await prisma.setting.deleteMany({ where: { key: DEFAULT_WORKSPACE_POLICY_KEY } });
    return;
  }
  const value = fullPolicy(policy);
  await prisma.setting.upsert({ where: { key: DEFAULT_WORKSPACE_POLICY_KEY }, create: { key: DEFAULT_WORKSPACE_POLICY_KEY, value }, update: { value } });
}
