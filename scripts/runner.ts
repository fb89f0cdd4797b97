// `npm run runner`: one more runner against DATABASE_URL (`npm start` already
// runs one). Start as many as you like, on this or other machines.
import { ConfigError, loadConfig, requireDatabaseUrl } from "@/server/config/load-config";

async function main() {
  const config = loadConfig();
  const databaseUrl = requireDatabaseUrl(config);
  // Loaded once the configuration is known good: the database client connects as it loads.
  const { startRunner } = await import("@/server/runner/process/run-runner");
  const runner = await startRunner({
    databaseUrl,
    runnerId: config.runner.id,
    concurrency: config.runner.concurrency,
    env: config.env,
    log: (line) => console.log(`[runner] ${line}`),
  });
  // One shutdown, however many signals come (a terminal's Ctrl-C reaches npm, tsx and
  // this process at once): a second one must not exit before the first has finished.
  let stopping = false;
  const shutdown = () => {
    if (stopping) return;
    stopping = true;
    runner.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on("SIGINT", shutdown);
  process.on("SIGTERM", shutdown);
}

main().catch((error) => {
  console.error(error instanceof ConfigError ? `[runner] ${error.message}` : `[runner] failed to start: ${(error as Error).message}`);
  process.exit(1);
});
