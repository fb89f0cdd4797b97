import { parseCliArgs } from "./args";

const parse = (...argv: string[]) => parseCliArgs(argv);

describe("arbor stats", () => {
  it("passes filters through as Insights parameters", () => {
    expect(parse("stats", "--issue", "ISSUE-3", "--since", "7d", "--agent", "claude")).toEqual({
      ok: true,
      command: { name: "stats", filters: { issue: "ISSUE-3", since: "7d", agent: "claude" }, json: false },
    });
    expect(parse("stats", "--json")).toMatchObject({ ok: true, command: { filters: {}, json: true } });
  });
  it("refuses positionals, empty values and --since with --from", () => {
    expect(parse("stats", "ISSUE-3")).toMatchObject({ ok: false, message: expect.stringContaining("--issue ISSUE-1") });
    expect(parse("stats", "--issue", " ")).toMatchObject({ ok: false, message: "--issue needs a value" });
    expect(parse("stats", "--since", "7d", "--from", "2026-01-01")).toMatchObject({ ok: false, message: "give --since or --from, not both" });
    expect(parse("stats", "--colour", "red")).toMatchObject({ ok: false, message: 'unknown option "--colour"' });
  });
});

describe("arbor mark / unmark", () => {
  it("reads the target, the mark, a note and an alternative", () => {
    expect(parse("mark", "abc", "worked", "-m", "green")).toMatchObject({ ok: true, command: { name: "mark", target: "abc", mark: "worked", note: "green" } });
    expect(parse("mark", "abc", "didnt-work")).toMatchObject({ command: { mark: "failed" } });
    expect(parse("mark", "abc", "preferred", "--over", "def")).toMatchObject({ command: { mark: "preferred", over: "def" } });
    expect(parse("unmark", "SESS-2")).toEqual({ ok: true, command: { name: "unmark", target: "SESS-2", preferred: false, json: false } });
    expect(parse("unmark", "abc", "--preferred", "--json")).toMatchObject({ command: { preferred: true, json: true } });
  });
  it("explains what is missing or wrong", () => {
    expect(parse("mark")).toMatchObject({
      ok: false,
      message: "missing execution id (or SESS-n)",
      usage: expect.stringContaining("arbor mark <executionId|SESS>"),
    });
    expect(parse("mark", "abc")).toMatchObject({ ok: false, message: "missing mark: one of worked, failed, preferred" });
    expect(parse("mark", "abc", "great")).toMatchObject({ ok: false, message: 'unknown mark "great": one of worked, failed, preferred' });
    expect(parse("mark", "abc", "worked", "it", "works")).toMatchObject({ ok: false, message: expect.stringContaining('--note "…"') });
    expect(parse("mark", "abc", "failed", "--over", "x")).toMatchObject({ ok: false, message: "--over only goes with preferred" });
    expect(parse("unmark", "a", "b")).toMatchObject({ ok: false, message: 'unexpected argument "b"' });
  });
});
