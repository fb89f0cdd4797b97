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

const cli = await tsImport(new URL("cli/main.ts", root).href, {
  parentURL: import.meta.url,
  tsconfig: fileURLToPath(new URL("tsconfig.json", root)),
});
const runCli = cli.runCli ?? cli.default?.runCli;
await runCli(process.argv.slice(2), { version });
