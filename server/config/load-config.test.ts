import path from "node:path";
import { assertSafeToServe, ConfigError, loadConfig, requireDatabaseUrl } from "./load-config";

describe("loadConfig", () => {
  it("defaults to loopback:3000 and a ./.arbor data dir", () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      host: "127.0.0.1",
      port: 3000,
      loopbackOnly: true,
      token: undefined,
      embeddedDbPort: 54329,
      dbPoolMax: 10,
      nextDistDir: ".next",
    });
    expect(c.runner).toEqual({
      disabled: false,
      id: undefined,
      concurrency: 4,
      warm: { enabled: true, idleMs: 300_000, maxProcesses: 4, maxBytes: 1024 * 1024 * 1024, steering: true, prestart: true },
    });
    expect(c.dataDir).toBe(path.resolve(".arbor"));
    expect(c.workspaceRoots).toEqual([path.resolve(".arbor/workspace")]);
    // No operator cap: a person may register any directory.
    expect(c.workspaceCap).toBeNull();
  });

  it("refuses to serve on a non-loopback address without a token", () => {
    const config = loadConfig({ HOST: "0.0.0.0" });
    expect(() => assertSafeToServe(config)).toThrow(ConfigError);
    expect(() => assertSafeToServe(config)).toThrow(/ARBOR_TOKEN/);
    expect(() => assertSafeToServe(loadConfig({}))).not.toThrow();
  });

  it("accepts a non-loopback bind with a long enough token", () => {
    const config = loadConfig({ HOST: "0.0.0.0", ARBOR_TOKEN: "0123456789abcdef0123" });
    expect(config).toMatchObject({ loopbackOnly: false });
    expect(() => assertSafeToServe(config)).not.toThrow();
    expect(() => loadConfig({ HOST: "0.0.0.0", ARBOR_TOKEN: "short" })).toThrow(/at least 16/);
  });

  it("explains a bad number, naming the variable", () => {
    expect(() => loadConfig({ PORT: "http" })).toThrow(/PORT/);
    expect(() => loadConfig({ PORT: "70000" })).toThrow(/PORT/);
    expect(() => loadConfig({ ARBOR_DB_PORT: "postgres" })).toThrow(/ARBOR_DB_PORT: ARBOR_DB_PORT must be a port number/);
    expect(() => loadConfig({ ARBOR_RUNNER_CONCURRENCY: "0" })).toThrow(/ARBOR_RUNNER_CONCURRENCY must be at least 1/);
    expect(() => loadConfig({ ARBOR_WARM_IDLE_SECONDS: "soon" })).toThrow(/ARBOR_WARM_IDLE_SECONDS must be a number of seconds/);
    expect(() => loadConfig({ ARBOR_WARM_SESSIONS: "yes" })).toThrow(/ARBOR_WARM_SESSIONS: must be 1 or 0/);
    expect(() => loadConfig({ ARBOR_DB_POOL_MAX: "many" })).toThrow(/ARBOR_DB_POOL_MAX/);
    expect(() => loadConfig({ ARBOR_NO_RUNNER: "yes" })).toThrow(/ARBOR_NO_RUNNER/);
  });

  it("reads the runner, database and test settings", () => {
    const c = loadConfig({
      ARBOR_RUNNER_ID: "box-7",
      ARBOR_RUNNER_CONCURRENCY: "2",
      ARBOR_NO_RUNNER: "1",
      ARBOR_DB_PORT: "6000",
      ARBOR_DB_POOL_MAX: "3",
      ARBOR_NEXT_DIST_DIR: ".next-x",
      ARBOR_TEST_DB_PORT: "6001",
      ARBOR_TEST_WORKERS: "3",
      CHROMIUM_PATH: "/opt/chromium",
      CI: "true",
      ARBOR_WARM_SESSIONS: "0",
      ARBOR_WARM_IDLE_SECONDS: "0.5",
      ARBOR_WARM_MAX: "2",
      ARBOR_WARM_MAX_MB: "300",
      ARBOR_WARM_STEERING: "false",
      ARBOR_PRESTART: "0",
    });
    expect(c).toMatchObject({ embeddedDbPort: 6000, dbPoolMax: 3, nextDistDir: ".next-x" });
    expect(c.runner).toEqual({
      disabled: true,
      id: "box-7",
      concurrency: 2,
      warm: { enabled: false, idleMs: 500, maxProcesses: 2, maxBytes: 300 * 1024 * 1024, steering: false, prestart: false },
    });
    expect(c.test).toEqual({ embeddedDbPort: 6001, workers: 3, chromiumPath: "/opt/chromium", ci: true });
  });

  it("treats empty values as unset", () => {
    expect(loadConfig({ PORT: "", ARBOR_RUNNER_ID: "", CI: "" })).toMatchObject({ port: 3000, runner: { id: undefined }, test: { ci: false, workers: 2 } });
  });

  it("keeps the environment it read, for child processes", () => {
    const env = { PATH: "/bin", ANTHROPIC_API_KEY: "k" };
    expect(loadConfig(env).env).toBe(env);
  });

  it("splits ARBOR_WORKSPACE_ROOTS on the path delimiter", () => {
    expect(loadConfig({ ARBOR_WORKSPACE_ROOTS: `/a${path.delimiter}/b` })).toMatchObject({ workspaceRoots: ["/a", "/b"], workspaceCap: ["/a", "/b"] });
    expect(loadConfig({ ARBOR_WORKSPACE_ROOTS: path.delimiter }).workspaceCap).toBeNull();
  });

  it("says what to do without a database URL", () => {
    expect(() => requireDatabaseUrl(loadConfig({}))).toThrow(/DATABASE_URL is not set/);
    expect(requireDatabaseUrl(loadConfig({ DATABASE_URL: "postgresql://u@h:5432/d" }))).toBe("postgresql://u@h:5432/d");
  });
});
