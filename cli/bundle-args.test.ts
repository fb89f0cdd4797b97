import { parseCliArgs } from "./args";

describe("arbor bundle / arbor search arguments", () => {
  it.each<[string[], unknown]>([
    [["bundle", "list"], { name: "bundle", action: "list", json: false }],
    [["bundle", "show", "BUNDLE-1", "--json"], { name: "bundle", action: "show", bundleId: "BUNDLE-1", json: true }],
    [
      ["bundle", "create", "Auth", "work", "-d", "About auth"],
      { name: "bundle", action: "create", bundleName: "Auth work", description: "About auth", json: false },
    ],
    [
      ["bundle", "add", "BUNDLE-1", "SESS-1", "SPEC-2", "abc1234"],
      { name: "bundle", action: "add", bundleId: "BUNDLE-1", items: ["SESS-1", "SPEC-2", "abc1234"], json: false },
    ],
    [["bundle", "export", "BUNDLE-1"], { name: "bundle", action: "export", bundleId: "BUNDLE-1", json: false }],
    [["bundle", "import", "-"], { name: "bundle", action: "import", file: "-", json: false }],
    [["bundle", "load", "BUNDLE-1", "fix", "it", "-f"], { name: "bundle", action: "load", bundleId: "BUNDLE-1", prompt: "fix it", follow: true, json: false }],
    [["search", "login", "token", "-n", "5"], { name: "search", q: "login token", limit: 5, json: false }],
  ])("%j", (argv, command) => {
    expect(parseCliArgs(argv)).toEqual({ ok: true, command });
  });

  it.each<[string[], string]>([
    [["bundle"], "missing action: one of list, show, create, add, export, import, load"],
    [["bundle", "zap"], 'unknown action "zap"'],
    [["bundle", "show"], "missing bundle id (e.g. BUNDLE-1)"],
    [["bundle", "show", "B-1", "extra"], 'unexpected argument "extra"'],
    [["bundle", "create"], "missing bundle name"],
    [["bundle", "add", "BUNDLE-1"], "missing items to add"],
    [["bundle", "import"], 'missing file to import ("-" reads stdin)'],
    [["bundle", "load", "BUNDLE-1"], "missing prompt"],
    [["bundle", "list", "-d", "x"], "--description only goes with create"],
    [["search"], "missing search text"],
    [["search", "x", "--limit", "500"], "--limit must be a whole number from 1 to 100"],
  ])("%j fails: %s", (argv, message) => {
    const parsed = parseCliArgs(argv);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.message).toContain(message);
  });
});
