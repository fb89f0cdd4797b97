import { isLoopbackHost } from "./loopback-host";

describe("isLoopbackHost", () => {
  it.each([
    ["127.0.0.1", true],
    ["localhost", true],
    ["::1", true],
    ["127.1.2.3", true],
    ["0.0.0.0", false],
    ["192.168.1.2", false],
    ["arbor.lan", false],
  ])("%s → %s", (host, expected) => expect(isLoopbackHost(host)).toBe(expected));
});
