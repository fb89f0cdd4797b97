import { adoptWorkerEnvironment, workerDatabaseUrl, workerDataDir } from "./worker-database";

describe("a Jest worker's own database and data directory", () => {
  it.each([
    ["postgresql://postgres@127.0.0.1:5432/arbor_full", 1, "postgresql://postgres@127.0.0.1:5432/arbor_full"],
    ["postgresql://postgres@127.0.0.1:5432/arbor_full", 2, "postgresql://postgres@127.0.0.1:5432/arbor_full_w2"],
    ["postgresql://u:p%40ss@db:6000/arbor?sslmode=disable", 3, "postgresql://u:p%40ss@db:6000/arbor_w3?sslmode=disable"],
    ["postgresql://postgres@127.0.0.1:5432/my%20db", 2, "postgresql://postgres@127.0.0.1:5432/my%20db_w2"],
  ])("%s for worker %i is %s", (base, worker, expected) => {
    expect(workerDatabaseUrl(base, worker)).toBe(expected);
  });

  it("leaves worker 1 (and a run in band) exactly as it was given", () => {
    const env: Record<string, string | undefined> = { JEST_WORKER_ID: "1", DATABASE_URL: "postgresql://h/arbor" };
    adoptWorkerEnvironment(env);
    expect(env).toEqual({ JEST_WORKER_ID: "1", DATABASE_URL: "postgresql://h/arbor" });
  });

  it("moves another worker to its database and, unless one is set, its data directory", () => {
    const env: Record<string, string | undefined> = { JEST_WORKER_ID: "2", DATABASE_URL: "postgresql://h/arbor" };
    adoptWorkerEnvironment(env);
    expect(env.DATABASE_URL).toBe("postgresql://h/arbor_w2");
    expect(env.ARBOR_DATA_DIR).toBe(workerDataDir(2));
    // The next test file's environment, made in the same worker process.
    adoptWorkerEnvironment(env);
    expect(env.DATABASE_URL).toBe("postgresql://h/arbor_w2");
    const given: Record<string, string | undefined> = { JEST_WORKER_ID: "2", DATABASE_URL: "postgresql://h/arbor", ARBOR_DATA_DIR: "/data" };
    adoptWorkerEnvironment(given);
    expect(given.ARBOR_DATA_DIR).toBe("/data");
  });
});
