#!/usr/bin/env node
// `arbor` — the Arbor command-line client. A thin shim: it loads cli/main.ts
// through tsx (resolved next to this file, so it works from any cwd, via
// `npx arbor`, or `node /path/to/bin/arbor.mjs`) and runs it.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { tsImport } from "tsx/esm/api";

const root = new URL("../", import.meta.url);
let version;
try {
  version = JSON.parse(readFileSync(new URL("package.json", root), "utf8")).version;
} catch {
  version = undefined;
}

const tsconfig = fileURLToPath(new URL("tsconfig.json", root));
// The CLI shares lib/ with the app through the "@/…" paths of our tsconfig.
// tsx resolves them from the tsconfig of the current directory unless told
// otherwise, so name ours: `arbor` runs from any directory.
process.env.TSX_TSCONFIG_PATH = tsconfig;
const cli = await tsImport(new URL("cli/main.ts", root).href, { parentURL: import.meta.url, tsconfig });
const runCli = cli.runCli ?? cli.default?.runCli;
await runCli(process.argv.slice(2), { version });
