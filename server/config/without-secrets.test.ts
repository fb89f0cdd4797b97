import { withoutArborSecrets } from "@/server/config/without-secrets";

test("Arbor's secrets are left out, the rest kept", () => {
  const env = {
    PATH: "/usr/bin",
    HOME: "/root",
    ARBOR_TOKEN: "t",
    ARBOR_GITHUB_TOKEN: "g",
    ARBOR_GITHUB_WEBHOOK_SECRET: "s",
    ARBOR_MCP_TOKEN: "m",
    DATABASE_URL: "postgres://u:p@h/db",
    ARBOR_DATA_DIR: "/data",
    NODE_ENV: "test",
    UNSET: undefined,
  };
  expect(withoutArborSecrets(env)).toEqual({ PATH: "/usr/bin", HOME: "/root", ARBOR_DATA_DIR: "/data", NODE_ENV: "test" });
});
