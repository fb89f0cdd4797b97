// `npm run runner`: one more runner against DATABASE_URL (`npm start` already
// runs one). Start as many as you like, on this or other machines.
import { startRunner } from "@/server/runner/run-runner";

async function main() {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    console.error("[runner] DATABASE_URL is not set: point it at Arbor's database (npm start prints where it is)");
    process.exit(1);
  }
  const runner = await startRunner({
    databaseUrl,
    runnerId: process.env.ARBOR_RUNNER_ID || undefined,
    log: (line) => console.log(`[runner] ${line}`),
  });
  const shutdown = () => {
    runner.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on("SIGINT", shutdown);
  process.on("SIGTERM", shutdown);
}

main().catch((error) => {
  console.error(`[runner] failed to start: ${(error as Error).message}`);
  process.exit(1);
});
