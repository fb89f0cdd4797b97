import path from "node:path";
import { ConfigError, loadConfig } from "./load-config";

describe("loadConfig", () => {
  it("defaults to loopback:3000 and a ./.arbor data dir", () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ host: "127.0.0.1", port: 3000, loopbackOnly: true, token: undefined });
    expect(c.dataDir).toBe(path.resolve(".arbor"));
    expect(c.workspaceRoots).toEqual([path.resolve(".arbor/workspace")]);
  });

  it("refuses a non-loopback bind without a token", () => {
    expect(() => loadConfig({ HOST: "0.0.0.0" })).toThrow(ConfigError);
    expect(() => loadConfig({ HOST: "0.0.0.0" })).toThrow(/ARBOR_TOKEN/);
  });

  it("accepts a non-loopback bind with a long enough token", () => {
    expect(loadConfig({ HOST: "0.0.0.0", ARBOR_TOKEN: "0123456789abcdef0123" })).toMatchObject({ loopbackOnly: false });
    expect(() => loadConfig({ HOST: "0.0.0.0", ARBOR_TOKEN: "short" })).toThrow(/at least 16/);
  });

  it("explains a bad PORT", () => {
    expect(() => loadConfig({ PORT: "http" })).toThrow(/PORT/);
    expect(() => loadConfig({ PORT: "70000" })).toThrow(/PORT/);
  });

  it("splits ARBOR_WORKSPACE_ROOTS on the path delimiter", () => {
    expect(loadConfig({ ARBOR_WORKSPACE_ROOTS: `/a${path.delimiter}/b` }).workspaceRoots).toEqual(["/a", "/b"]);
  });
});
