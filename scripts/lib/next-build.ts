import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

// `npm start` on a fresh clone must work without a separate build step, and a
// pull must not serve stale pages: rebuild when any source is newer than the build.
const SOURCE_DIRS = ["app", "components", "lib", "server", "public"];
const SOURCE_FILES = ["next.config.js", "package-lock.json", "proxy.ts", "postcss.config.mjs", "tsconfig.json"];

function newestMtime(entry: string): number {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const child of readdirSync(entry)) {
    if (child === "node_modules" || child.startsWith(".")) continue;
    newest = Math.max(newest, newestMtime(path.join(entry, child)));
  }
  return newest;
}

export function buildIsCurrent(root: string, distDir: string): boolean {
  const buildId = path.join(root, distDir, "BUILD_ID");
  if (!existsSync(buildId)) return false;
  const built = statSync(buildId).mtimeMs;
  const newestSource = Math.max(...[...SOURCE_DIRS, ...SOURCE_FILES].map((p) => newestMtime(path.join(root, p))));
  return newestSource <= built;
}

/** Ctrl-C (or SIGTERM, SIGHUP) reached the build, which shares the terminal with `npm start`: a stop, not a failure. */
const INTERRUPTS = new Set<NodeJS.Signals>(["SIGINT", "SIGTERM", "SIGHUP"]);
/** The same, when the build exits itself on the signal (128 + its number). */
const INTERRUPT_EXIT_CODES = new Set([129, 130, 143]);

export class BuildInterrupted extends Error {}

export function ensureNextBuild(root: string, distDir: string, env: NodeJS.ProcessEnv, log: (line: string) => void): void {
  if (buildIsCurrent(root, distDir)) return;
  log(`building the web app into ${distDir} (first start or sources changed; takes a minute)…`);
  const nextBin = path.join(root, "node_modules", ".bin", "next");
  const result = spawnSync(nextBin, ["build"], {
    cwd: root,
    stdio: "inherit",
    env: { ...env, ARBOR_NEXT_DIST_DIR: distDir, NEXT_TELEMETRY_DISABLED: "1" },
  });
  if ((result.signal && INTERRUPTS.has(result.signal)) || (result.status !== null && INTERRUPT_EXIT_CODES.has(result.status)))
    throw new BuildInterrupted(`next build was stopped (${result.signal})`);
  if (result.status !== 0) throw new Error(`next build failed (${result.signal ?? `exit ${result.status}`})`);
}
