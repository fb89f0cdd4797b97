import { execFileSync } from "node:child_process";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { prepareBenchDatabase } from "@/bench/lib/bench-db";
import { startRunnerProcess, type RunnerProcess } from "@/bench/lib/runner-process";
import { claudeTestEnv, startMessagesApi, type MessagesApi } from "@/test/support/messages-api";

// The set-up of a benchmark that runs the real Claude Code CLI through
// Arbor in a git project: its own database (fresh), a git repository with one
// commit, the Messages-API stand-in in this process, the environment (for the
// route handlers here and the runner), and a runner process of its own
// (scripts/runner.ts). Server modules are imported after DATABASE_URL is set.

export type ClaudeProjectBench = {
  api: MessagesApi;
  runner: RunnerProcess;
  repo: string;
  close: () => Promise<void>;
};

export async function startClaudeProjectBench(options: {
  database: string;
  runnerId: string;
  runnerEnv?: Record<string, string>;
}): Promise<ClaudeProjectBench> {
  process.env.DATABASE_URL = await prepareBenchDatabase(options.database);
  const tmp = await mkdtemp(path.join(os.tmpdir(), `arbor-${options.runnerId}-`));
  const dirs = { workspace: path.join(tmp, "workspace"), data: path.join(tmp, "data"), repo: path.join(tmp, "repos", "app") };
  for (const dir of Object.values(dirs)) await mkdir(dir, { recursive: true });
  const git = (...args: string[]) => execFileSync("git", args, { cwd: dirs.repo, encoding: "utf8" });
  git("init", "--quiet", "--initial-branch=main");
  await writeFile(path.join(dirs.repo, "README.md"), "# app\n");
  git("add", "-A");
  git("-c", "user.name=bench", "-c", "user.email=bench@example.com", "commit", "--quiet", "-m", "initial");

  const api = await startMessagesApi();
  const claude = process.env.CLAUDE_BIN ?? path.join(process.cwd(), "node_modules", ".bin", "claude");
  const env = { ...claudeTestEnv(api, path.join(tmp, "claude-config")), ARBOR_WORKSPACE: dirs.workspace, ARBOR_DATA_DIR: dirs.data, CLAUDE_BIN: claude };
  // Route handlers read their configuration from this process's environment.
  for (const [key, value] of Object.entries(env)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  const runner = await startRunnerProcess({
    databaseUrl: process.env.DATABASE_URL,
    runnerId: options.runnerId,
    env: { ...env, ARBOR_WARM_SESSIONS: "0", ...(options.runnerEnv ?? {}) },
  });
  return {
    api,
    runner,
    repo: dirs.repo,
    async close() {
      await runner.stop();
      await api.close();
      await rm(tmp, { recursive: true, force: true });
    },
  };
}

/** `--name N` from argv, else the fallback. */
export function numberOption(name: string, fallback: number): number {
  const at = process.argv.indexOf(name);
  return at >= 0 ? Number(process.argv[at + 1]) : fallback;
}
