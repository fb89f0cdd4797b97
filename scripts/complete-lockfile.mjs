#!/usr/bin/env node
// The npm registry these machines reach lacks some platform-specific optional
// packages (e.g. @next/swc-darwin-arm64). `npm install` then leaves them out
// of package-lock.json, and `npm ci` refuses a lock that does not list every
// declared optional dependency. This adds a minimal entry for each missing
// one (marked optional, so npm skips it when it is not for this platform or
// cannot be fetched). Run it after changing dependencies:
//   npm install … && node scripts/complete-lockfile.mjs
import { readFileSync, writeFileSync } from "node:fs";

const file = new URL("../package-lock.json", import.meta.url);
const lock = JSON.parse(readFileSync(file, "utf8"));
const packages = lock.packages;
let added = 0;

for (const [location, meta] of Object.entries(packages)) {
  for (const [name, range] of Object.entries(meta.optionalDependencies ?? {})) {
    // Resolution as Node does it: next to the parent first, then at the top.
    const nested = `${location}/node_modules/${name}`;
    const top = `node_modules/${name}`;
    if (packages[nested] || packages[top]) continue;
    const version = String(range).replace(/^[\^~=]/, "");
    packages[top] = { version, optional: true };
    added += 1;
  }
}

// Keep npm's ordering (sorted keys after the root "") so diffs stay small.
const sorted = Object.fromEntries(Object.entries(packages).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a.localeCompare(b))));
lock.packages = sorted;
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`complete-lockfile: added ${added} missing optional platform entr${added === 1 ? "y" : "ies"}`);
