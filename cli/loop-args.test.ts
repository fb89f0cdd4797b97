import { parseLoopFlags } from "./loop-args";

describe("arbor project's loop flags", () => {
  it("maps each flag to the API's field", () => {
    expect(
      parseLoopFlags({
        check: "npm test",
        "check-timeout": "120",
        "setup-script": "npm ci",
        "copy-files": ".env, config/*.local.json,",
        "cleanup-script": "rm -rf tmp",
        remote: "upstream",
      }),
    ).toEqual({
      ok: true,
      value: {
        checkCommand: "npm test",
        checkTimeoutSeconds: 120,
        setupScript: "npm ci",
        copyFiles: [".env", "config/*.local.json"],
        cleanupScript: "rm -rf tmp",
        remote: "upstream",
      },
    });
  });

  it("clears with --no-…, and an empty --copy-files copies nothing", () => {
    expect(parseLoopFlags({ "no-check": true, "no-setup-script": true, "no-cleanup-script": true, "no-remote": true, "copy-files": "" })).toEqual({
      ok: true,
      value: { checkCommand: null, setupScript: null, cleanupScript: null, remote: null, copyFiles: [] },
    });
  });

  it.each([
    [{ check: "npm test", "no-check": true }, /--check and --no-check/],
    [{ check: "  " }, /--check needs a value/],
    [{ "check-timeout": "0" }, /whole number of seconds/],
    [{ "check-timeout": "1.5" }, /whole number of seconds/],
    [{ "check-timeout": "ten" }, /whole number of seconds/],
  ])("refuses %j", (values, message) => {
    const parsed = parseLoopFlags(values);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.message).toMatch(message);
  });
});
