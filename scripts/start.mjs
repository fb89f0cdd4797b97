// `npm start`: the start script (scripts/start.ts) compiled once into
// .arbor-build/ (again only when its sources change; scripts/lib/server-bundle.mjs)
// and run in this process: no TypeScript compiled at run time, no tsx relay
// or esbuild service kept alive. `npm run dev` runs scripts/start.ts through tsx.
import { createRequire } from "node:module";
import path from "node:path";
import { serverBundle } from "./lib/server-bundle.mjs";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const bundle = serverBundle(root, "scripts/start.ts", (line) => console.log(`[arbor] ${line}`));
createRequire(import.meta.url)(bundle);
