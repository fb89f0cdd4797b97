import path from "node:path";

// How every Node process that loads server/ code is started: the web app's
// own server is built by Next, but the runner, the start script, the scripts
// (migrate, backfill-search) and the benchmarks run TypeScript through tsx,
// and they must resolve packages under the `react-server` export condition.
// Modules that must never reach a browser bundle begin with
// `import "server-only"`; that package throws when imported without the
// condition (plain Node picks its "default" export, which is the throwing
// one). So one list of flags, used by package.json's scripts (a unit test
// checks they agree), scripts/start.ts, bench/ and the tests that start
// runners as processes of their own.

/** Node flags for processes that load server/ modules. */
export const SERVER_NODE_ARGS: readonly string[] = ["--conditions=react-server"];

/**
 * The preload that keeps the long-lived processes `npm start` keeps (its own,
 * which runs the runner, and the web server) lean: it sets V8's
 * --optimize-for-size a few seconds after their start (scripts/lib/lean-heap.cjs
 * says why not on the command line). With it V8 grows the heap less eagerly:
 * after a few dozen turns the tree's idle PSS was 281 MiB without it and 254
 * with it. Until 2026-11-29 the command lines also capped the young
 * generation (--max-semi-space-size=4). Any V8 flag there made Node compile
 * its own modules from source: without them a warm start took ~12 % less
 * (2.9 → 2.6 s on a slow machine), the tree held about the same after its
 * idle wait, and the web server ~7 MiB more after a burst of requests
 * (docs/performance.md, "Start-up and footprint").
 */
export const LEAN_HEAP = "scripts/lib/lean-heap.cjs";

/**
 * glibc malloc settings for the start script, in its environment (glibc reads
 * it once, as the process starts: package.json's start line sets it). A fixed
 * mmap threshold: blocks of 64 KiB and more (Node's socket and pipe reads,
 * file reads, zlib) get pages of their own, returned to the system when freed.
 * By default glibc raises the threshold to the largest block freed so far (up
 * to 32 MiB), after which such blocks are carved from its arenas, and what
 * they leave when freed stays resident between live ones. With this, and the
 * web server at WEB_MMAP_THRESHOLD, the idle tree held 176–180 MiB PSS against
 * 199–226 (in turns); the price is fresh pages for each such block, ~100 ms of
 * warm start here. At 32 KiB it held ~10 MiB less but warm starts took ~600 ms
 * longer: V8's compiler mallocs its 32 KiB zone segments
 * (docs/performance.md, "Start-up and footprint").
 */
export const LEAN_MALLOC_ENV: Readonly<Record<string, string>> = { MALLOC_MMAP_THRESHOLD_: "65536" };

/** The web server's mmap threshold (scripts/start.ts says why it differs). */
export const WEB_MMAP_THRESHOLD = "131072";

/**
 * What to unset in the start script's environment once it runs: the malloc
 * settings package.json's start line gave it are for this process (the web
 * server gets its own: WEB_MMAP_THRESHOLD), not for the agents and the
 * commands they run, which inherit the runner's environment.
 */
export function leanMallocToForget(env: Readonly<Record<string, string | undefined>>): Record<string, undefined> {
  return Object.fromEntries(
    Object.keys(LEAN_MALLOC_ENV)
      .filter((key) => env[key] === LEAN_MALLOC_ENV[key])
      .map((key) => [key, undefined]),
  );
}

/** The command line package.json runs for `npm start`: the compiled start script, lean (LEAN_MALLOC_ENV, LEAN_HEAP). */
export function startCommandLine(): string {
  const env = Object.entries(LEAN_MALLOC_ENV).map(([key, value]) => `${key}=${value}`);
  return [...env, "node", ...SERVER_NODE_ARGS, "--require", `./${LEAN_HEAP}`, "scripts/start.mjs"].join(" ");
}

/** Where the web server's request gate is (scripts/lib/web-gate.cjs), relative to the app's root. */
export const WEB_GATE = "scripts/lib/web-gate.cjs";

/**
 * Node flags of the web server `npm start` runs (`node <these> …/next start`):
 * lean like the start script's own, and, when it starts before the schema is
 * proven current, the gate that holds its requests until then.
 */
export function webNodeArgs(root: string, gated: boolean): string[] {
  return ["--require", path.join(root, LEAN_HEAP), ...(gated ? ["--require", path.join(root, WEB_GATE)] : [])];
}

/** argv after `tsx` for a TypeScript entry point: `tsx --conditions=react-server scripts/runner.ts`. */
export function tsxArgs(script: string, ...rest: string[]): string[] {
  return [...SERVER_NODE_ARGS, script, ...rest];
}

/** argv after `node` for the same entry point, with tsx as a loader (no relay process: the pid is the script's own). */
export function nodeTsxArgs(script: string, ...rest: string[]): string[] {
  return [...SERVER_NODE_ARGS, "--import", "tsx", script, ...rest];
}

/** The command line package.json runs for a script (`npm run runner` → this). */
export function tsxCommandLine(script: string): string {
  return ["tsx", ...tsxArgs(script)].join(" ");
}
