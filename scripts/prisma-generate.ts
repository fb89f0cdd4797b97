// Runs `prisma generate` without the native schema engine download, which
// fails offline. Generation never executes the engine, it only checks that
// the configured path exists, so any existing file will do.
//
// Idempotent on disk: the client is generated into a scratch copy of the
// project's layout, and only files whose content differs are written into
// place (files no longer generated are removed). `npx arbor` installs this
// directory into npm's npx cache, which runs our `postinstall` (this script)
// again; a plain `prisma generate` rewrote every file of server/generated/,
// and the newer modification times made the next `npm start` recompile its
// start script and rebuild the web app (scripts/lib/server-bundle.mjs and
// next-build.ts compare modification times).
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { inheritedEnv } from "@/server/config/load-config";
import { syncDirectory } from "./lib/sync-directory";

const root = process.cwd();
const SCHEMA = path.join("prisma", "schema.prisma");

const env = { ...inheritedEnv() };
env.PRISMA_SCHEMA_ENGINE_BINARY ??= process.execPath;
env.PRISMA_HIDE_UPDATE_MESSAGE = "1";
env.CHECKPOINT_DISABLE = "1";

const schemaText = readFileSync(path.join(root, SCHEMA), "utf8");
const output = /^\s*output\s*=\s*"([^"]+)"/m.exec(schemaText)?.[1];
if (!output) {
  console.error(`[prisma-generate] ${SCHEMA} names no generator output`);
  process.exit(1);
}
// Where the client goes, relative to the project (the schema names it relative to itself).
const outputDir = path.relative(root, path.resolve(root, path.dirname(SCHEMA), output));

const scratch = mkdtempSync(path.join(os.tmpdir(), "arbor-prisma-generate-"));
let status = 1;
try {
  // The same relative layout, so the generated files (which embed the schema's text) are byte for byte what they would be in place.
  mkdirSync(path.join(scratch, path.dirname(SCHEMA)), { recursive: true });
  writeFileSync(path.join(scratch, SCHEMA), schemaText);
  const prismaBin = path.join(root, "node_modules", ".bin", "prisma");
  const result = spawnSync(prismaBin, ["generate", "--schema", SCHEMA], { cwd: scratch, stdio: "inherit", env });
  status = result.status ?? 1;
  if (status === 0) {
    const changes = syncDirectory(path.join(scratch, outputDir), path.join(root, outputDir));
    const total = changes.written.length + changes.removed.length;
    console.log(
      total === 0
        ? `${outputDir} is unchanged (no file rewritten)`
        : `${outputDir}: ${changes.written.length} file(s) written, ${changes.removed.length} removed`,
    );
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
process.exit(status);
