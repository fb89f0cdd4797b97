import path from "node:path";
import { z } from "zod";
import { isLoopbackHost } from "@/server/security/request-guard";

// All configuration comes from the environment; this is the one place it is
// read and validated, so a typo fails at start with a sentence, not later.

const envSchema = z.object({
  HOST: z.string().min(1).default("127.0.0.1"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  DATABASE_URL: z.string().url().optional(),
  ARBOR_DATA_DIR: z.string().min(1).default(".arbor"),
  ARBOR_TOKEN: z.string().optional(),
  ARBOR_WORKSPACE: z.string().optional(),
  ARBOR_WORKSPACE_ROOTS: z.string().optional(),
});

export type ArborConfig = {
  host: string;
  port: number;
  databaseUrl: string | undefined;
  dataDir: string;
  token: string | undefined;
  loopbackOnly: boolean;
  /** Default working directory for executions. */
  workspace: string;
  /** Every execution cwd must resolve inside one of these. */
  workspaceRoots: string[];
};

export class ConfigError extends Error {}

export function loadConfig(env: Readonly<Record<string, string | undefined>> = process.env): ArborConfig {
  const parsed = envSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== "")));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(`Invalid environment variable ${issue.path.join(".")}: ${issue.message}`);
  }
  const e = parsed.data;
  // turbopackIgnore: these are run-time paths, not files to bundle.
  const dataDir = path.resolve(/*turbopackIgnore: true*/ e.ARBOR_DATA_DIR);
  const loopbackOnly = isLoopbackHost(e.HOST);
  const token = e.ARBOR_TOKEN?.trim() || undefined;
  if (!loopbackOnly && !token) {
    throw new ConfigError(
      `Refusing to listen on ${e.HOST} without an access token: Arbor runs agents that edit files, so set ARBOR_TOKEN (e.g. ARBOR_TOKEN=$(openssl rand -hex 32)) or bind HOST=127.0.0.1`,
    );
  }
  if (token && token.length < 16) {
    throw new ConfigError("ARBOR_TOKEN must be at least 16 characters");
  }
  const workspace = path.resolve(/*turbopackIgnore: true*/ e.ARBOR_WORKSPACE ?? path.join(dataDir, "workspace"));
  const workspaceRoots = e.ARBOR_WORKSPACE_ROOTS
    ? e.ARBOR_WORKSPACE_ROOTS.split(path.delimiter).filter(Boolean).map((p) => path.resolve(/*turbopackIgnore: true*/ p))
    : [workspace];
  return { host: e.HOST, port: e.PORT, databaseUrl: e.DATABASE_URL, dataDir, token, loopbackOnly, workspace, workspaceRoots };
}
