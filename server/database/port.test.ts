import { DEFAULT_EMBEDDED_PORT, resolveEmbeddedPort } from "./port";

describe("resolveEmbeddedPort", () => {
  it("prefers an explicit port, then ARBOR_DB_PORT, then the default", () => {
    expect(resolveEmbeddedPort(6000, { ARBOR_DB_PORT: "7000" })).toBe(6000);
    expect(resolveEmbeddedPort(undefined, { ARBOR_DB_PORT: "7000" })).toBe(7000);
    expect(resolveEmbeddedPort(undefined, {})).toBe(DEFAULT_EMBEDDED_PORT);
  });

  it("rejects a value that is not a port", () => {
    expect(() => resolveEmbeddedPort(undefined, { ARBOR_DB_PORT: "postgres" })).toThrow(/ARBOR_DB_PORT must be a port number/);
    expect(() => resolveEmbeddedPort(undefined, { ARBOR_DB_PORT: "70000" })).toThrow(/ARBOR_DB_PORT/);
  });
});
