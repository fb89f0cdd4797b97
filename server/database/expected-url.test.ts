import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { writeCredentials } from "@/server/database/cluster-files";
import { expectedDatabaseUrl } from "@/server/database/expected-url";

// The URL `npm start` gives a web server it starts before the database is up:
// the one startEmbeddedPostgres will give, or none before the first start.

let dataDir: string;
beforeEach(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), "arbor-expected-url-"));
});
afterEach(() => rm(dataDir, { recursive: true, force: true }));

it("is DATABASE_URL when it is set", async () => {
  expect(await expectedDatabaseUrl({ databaseUrl: "postgresql://u@db/x", dataDir })).toBe("postgresql://u@db/x");
});

it("is unknown before the embedded cluster's first start (initdb picks its password)", async () => {
  expect(await expectedDatabaseUrl({ databaseUrl: undefined, dataDir })).toBeUndefined();
});

it("is the initialised cluster's, with its own password and the configured port", async () => {
  const cluster = path.join(dataDir, "postgres");
  await rm(cluster, { recursive: true, force: true });
  await mkdir(cluster);
  await writeFile(path.join(cluster, "PG_VERSION"), "17\n");
  await writeCredentials(cluster, { user: "postgres", password: "s3cr/t" });
  expect(await expectedDatabaseUrl({ databaseUrl: undefined, dataDir, port: 54400 })).toBe("postgresql://postgres:s3cr%2Ft@127.0.0.1:54400/arbor");
});
