// Compiles a TypeScript entry point of ours (scripts/start.ts) and everything
// of ours it imports into one CommonJS file under .arbor-build/, with esbuild
// (the same esbuild tsx uses), when any of its sources is newer than the file.
// Packages stay outside the bundle and load from node_modules as usual. So
// `npm start` compiles no TypeScript at run time and keeps no tsx process or
// esbuild service alive beside it. Plain JavaScript: it runs before anything
// can be compiled.
import { existsSync, mkdirSync, readdirSync, renameSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

export const BUNDLE_DIR = ".arbor-build";

/** What a bundle is built from (anything newer rebuilds it). */
const SOURCES = ["server", "lib", "scripts", "package.json", "package-lock.json", "tsconfig.json"];

function newestMtime(entry) {
  if (!existsSync(entry)) return 0;
  const stats = statSync(entry);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const child of readdirSync(entry)) {
    if (child === "node_modules" || child.startsWith(".")) continue;
    newest = Math.max(newest, newestMtime(path.join(entry, child)));
  }
  return newest;
}

/** The compiled file of `entry` (relative to `root`), built now if it is missing or older than its sources. */
export function serverBundle(root, entry, log = () => {}) {
  const out = path.join(root, BUNDLE_DIR, `${path.basename(entry, path.extname(entry))}.cjs`);
  const newestSource = Math.max(...SOURCES.map((source) => newestMtime(path.join(root, source))));
  if (existsSync(out) && statSync(out).mtimeMs >= newestSource) return out;
  log(`compiling ${entry} into ${path.relative(root, out)}…`);
  const esbuild = createRequire(path.join(root, "package.json"))("esbuild");
  mkdirSync(path.dirname(out), { recursive: true });
  const partial = `${out}.${process.pid}.tmp`;
  const built = esbuild.buildSync({
    entryPoints: [path.join(root, entry)],
    outfile: partial,
    write: false,
    bundle: true,
    platform: "node",
    format: "cjs",
    target: "node20",
    // Packages load from node_modules at run time, under the react-server condition the process is started with.
    packages: "external",
    tsconfig: path.join(root, "tsconfig.json"),
    logLevel: "warning",
    legalComments: "none",
    // The process keeps the bundle's text in memory as long as it runs: one byte a character when all of it is
    // ASCII, two otherwise (~1 MiB here). Strings and identifiers are escaped; what is left is in comments.
    charset: "ascii",
  });
  const text = built.outputFiles[0].text.replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
  writeFileSync(partial, text);
  // The build leaves esbuild's service process running; it has no more to do here.
  esbuild.stop();
  // Renamed into place: a start that is killed mid-build never leaves half a file behind.
  renameSync(partial, out);
  return out;
}
