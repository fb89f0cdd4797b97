import "server-only";
import type { BundleItemRef } from "@/lib/bundles/items";
import { err, ok, type Result } from "@/lib/result";
import { prisma } from "@/server/db";

/**
 * Every session, spec and issue id among `items` that names nothing, all at
 * once, as one 422 ("Unknown references: SPEC-9, SESS-4"). Commit SHAs are
 * only checked for their shape (by the request schema): Arbor does not hold
 * the repository.
 */
export async function checkReferences(items: readonly BundleItemRef[], field = "items"): Promise<Result<void>> {
  const ids = (type: BundleItemRef["type"]) => [...new Set(items.filter((i) => i.type === type).map((i) => i.id))];
  const [specIds, issueIds, sessionIds] = [ids("spec"), ids("issue"), ids("session")];
  const [specs, issues, sessions] = await Promise.all([
    specIds.length ? prisma.spec.findMany({ where: { id: { in: specIds } }, select: { id: true } }) : [],
    issueIds.length ? prisma.issue.findMany({ where: { id: { in: issueIds } }, select: { id: true } }) : [],
    sessionIds.length ? prisma.session.findMany({ where: { id: { in: sessionIds } }, select: { id: true } }) : [],
  ]);
  const known = new Set([...specs, ...issues, ...sessions].map((row) => row.id));
  const unknown = items.filter((i) => i.type !== "commit" && !known.has(i.id)).map((i) => i.id);
  if (unknown.length === 0) return ok(undefined);
  const list = [...new Set(unknown)];
  const message = `Unknown reference${list.length > 1 ? "s" : ""}: ${list.join(", ")}`;
  return err({
    code: "validation_failed",
    message: `${field}: ${message}`,
    details: { unknownReferences: list, fieldErrors: { [field]: [message] }, formErrors: [] },
  });
}
