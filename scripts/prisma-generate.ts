// Runs `prisma generate` without the native schema engine download, which
// fails offline. Generation never executes the engine, it only checks that
// the configured path exists, so any existing file will do.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { inheritedEnv } from "@/server/config/load-config";

const env = { ...inheritedEnv() };
env.PRISMA_SCHEMA_ENGINE_BINARY ??= process.execPath;
env.PRISMA_HIDE_UPDATE_MESSAGE = "1";
env.CHECKPOINT_DISABLE = "1";

const prismaBin = path.join(process.cwd(), "node_modules", ".bin", "prisma");
const result = spawnSync(prismaBin, ["generate"], { stdio: "inherit", env });
process.exit(result.status ?? 1);
