import { parseCliArgs } from "./args";

describe("arbor runners / arbor runner drain", () => {
  it("parses the list and the drain, with --json", () => {
    expect(parseCliArgs(["runners"])).toEqual({ ok: true, command: { name: "runners", json: false } });
    expect(parseCliArgs(["runners", "--json"])).toEqual({ ok: true, command: { name: "runners", json: true } });
    expect(parseCliArgs(["runner", "drain", " box-1 ", "--json"])).toEqual({
      ok: true,
      command: { name: "runner", action: "drain", runnerId: "box-1", json: true },
    });
  });

  it("refuses what it cannot mean, saying how to write it", () => {
    expect(parseCliArgs(["runner"])).toMatchObject({ ok: false, message: expect.stringContaining("arbor runner drain <id>") });
    expect(parseCliArgs(["runner", "drain"])).toMatchObject({ ok: false, message: expect.stringContaining("missing runner id") });
    expect(parseCliArgs(["runner", "kill", "box-1"])).toMatchObject({ ok: false, message: 'unknown action "kill": arbor runner drain <id>' });
    expect(parseCliArgs(["runner", "drain", "a", "b"])).toMatchObject({ ok: false, message: 'unexpected argument "b"' });
    expect(parseCliArgs(["runners", "box-1"])).toMatchObject({ ok: false, message: 'unexpected argument "box-1"', usage: "usage: arbor runners [--json]" });
  });
});
