// Test fixture: an "Arbor process" that starts the embedded PostgreSQL and
// keeps it until SIGTERM (clean stop) or SIGKILL (which orphans it). Prints
// one JSON line once the server is ready. Usage: tsx hold-embedded-postgres.ts <dataDir> <port>
import { startEmbeddedPostgres } from "../../server/database/embedded-postgres";

async function main() {
  const [dataDir, port] = process.argv.slice(2);
  const db = await startEmbeddedPostgres({ dataDir, port: Number(port) });
  process.on("SIGTERM", () => {
    void db.stop().then(() => process.exit(0));
  });
  process.stdout.write(`${JSON.stringify({ url: db.url, owned: db.owned, pid: process.pid })}\n`);
  setInterval(() => {}, 60_000);
}

main().catch((error) => {
  process.stderr.write(`${(error as Error).stack}\n`);
  process.exit(1);
});
