import { readFileSync } from "node:fs";
import path from "node:path";

// `npm ci` (the README's install step) refuses a package-lock.json that does
// not list every declared optional dependency. The registry these machines use
// lacks some platform packages, so `npm install` drops them; this test catches
// that before CI does. Fix: `node scripts/complete-lockfile.mjs`.
test("package-lock.json lists every optional dependency npm ci will look for", () => {
  const lock = JSON.parse(readFileSync(path.join(process.cwd(), "package-lock.json"), "utf8")) as {
    packages: Record<string, { optionalDependencies?: Record<string, string> }>;
  };
  const missing: string[] = [];
  for (const [location, meta] of Object.entries(lock.packages)) {
    for (const name of Object.keys(meta.optionalDependencies ?? {})) {
      if (!lock.packages[`${location}/node_modules/${name}`] && !lock.packages[`node_modules/${name}`]) missing.push(name);
    }
  }
  expect(missing).toEqual([]);
});
