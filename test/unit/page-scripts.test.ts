import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { bundleMetafile, importChain } from "@/test/support/import-chain";

// What a page's first scripts hold decides how soon it answers: on the issue
// page with 1,000 executions the browser's main thread is busy from the first
// byte to the interactive tree, loading and evaluating modules most of it.
// zod (~114 KB minified, ~95 modules) came into every page through constants
// read from schema files (labels, limits); they live in zod-free modules now
// (lib/*/constants.ts, lib/schemas/limits.ts) and the edit forms load when
// opened (docs/performance.md, "UI at scale"). This test keeps it so: it
// bundles the client views the pages import (what the browser loads before
// any lazy chunk) and looks for zod among the modules reached by static
// imports.

const root = path.join(__dirname, "..", "..");

/** Views whose own form validates with zod as the page opens (a page for creating one). */
const FORM_PAGES = new Set(["components/issues/new-issue-view.tsx", "components/specs/new-spec-view.tsx"]);

function pageFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return pageFiles(full);
    return /^(page|layout|providers)\.tsx$/.test(name) ? [full] : [];
  });
}

/** The client views the app's pages and layouts import (`@/components/…`), and the root providers. */
function clientEntries(): string[] {
  const entries = new Set<string>(["app/providers.tsx"]);
  for (const file of pageFiles(path.join(root, "app"))) {
    for (const [, spec] of readFileSync(file, "utf8").matchAll(/from "@\/(components\/[^"]+)"/g)) entries.add(`${spec}.tsx`);
  }
  return [...entries].sort();
}

test("no page loads zod with its first scripts, but the forms for creating an issue or a spec", async () => {
  const entries = clientEntries();
  expect(entries).toEqual(expect.arrayContaining(["components/issues/issue-detail-view.tsx", "components/execution/execution-view.tsx"]));
  const metafile = await bundleMetafile(root, entries, {
    splitting: true,
    format: "esm",
    platform: "browser",
    jsx: "automatic",
    alias: { "@": "." },
    loader: { ".css": "empty", ".svg": "empty" },
    external: ["next", "next/*", "react", "react-dom", "server-only"],
  });
  const reaching = Object.fromEntries(
    entries.map((entry) => [entry, importChain(metafile, entry, (p) => p.includes("node_modules/zod/"))]).filter(([, chain]) => chain),
  );
  // The form pages do load it: the check can see zod when it is there.
  for (const form of FORM_PAGES) expect(reaching[form]).toBeTruthy();
  for (const form of FORM_PAGES) delete reaching[form];
  expect(reaching).toEqual({});
}, 60_000);
