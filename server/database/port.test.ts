import { DEFAULT_EMBEDDED_PORT, resolveEmbeddedPort } from "./port";

describe("resolveEmbeddedPort", () => {
  it("takes the configured port, else the default", () => {
    expect(resolveEmbeddedPort(6000)).toBe(6000);
    expect(resolveEmbeddedPort(undefined)).toBe(DEFAULT_EMBEDDED_PORT);
  });

  it("rejects a value that is not a port", () => {
    expect(() => resolveEmbeddedPort(70000)).toThrow(/port number between 1 and 65535/);
    expect(() => resolveEmbeddedPort(1.5)).toThrow(/port number/);
  });
});
