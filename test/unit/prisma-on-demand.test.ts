import path from "node:path";
import { bundleMetafile, importChain } from "@/test/support/import-chain";

// `npm start` waits for /api/health, the web server's first answer: through
// Prisma it loaded Prisma's client first (its route's chunks 635 KB, 467 KB of
// them Prisma's; docs/performance.md, "Health without Prisma"). The health
// check runs on the pg pool alone (server/db-pool.ts), so Prisma loads with
// the first request that needs it. This test keeps it so: it bundles the
// route and looks for Prisma's client among the modules its static imports
// reach. The issue page's tree summary, read on the pool by hand-written SQL,
// is kept free of it the same way (its column list is ours:
// server/executions/execution-columns.ts).

const root = path.join(__dirname, "..", "..");
const HEALTH = "app/api/health/route.ts";
const TREE_SUMMARY = "app/api/issues/[id]/tree-summary/route.ts";
/** A route that reads through Prisma: the check can see the client when it is there. */
const WITH_PRISMA = "app/api/issues/route.ts";
const isPrisma = (file: string) => file === "server/db.ts" || file.startsWith("server/generated/");

test("the health check and the tree summary load no Prisma client", async () => {
  const entries = [HEALTH, TREE_SUMMARY, WITH_PRISMA];
  const metafile = await bundleMetafile(root, entries, { platform: "node", format: "esm", packages: "external" });
  expect(importChain(metafile, WITH_PRISMA, isPrisma)).toEqual(expect.arrayContaining(["server/db.ts"]));
  expect(importChain(metafile, HEALTH, isPrisma)).toBeNull();
  expect(importChain(metafile, TREE_SUMMARY, isPrisma)).toBeNull();
}, 60_000);
