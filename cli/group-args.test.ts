import { parseCliArgs } from "./args";

function ok(argv: string[]) {
  const r = parseCliArgs(argv);
  if (!r.ok) throw new Error(`expected ok, got: ${r.message}`);
  return r.command;
}
function bad(argv: string[]): string {
  const r = parseCliArgs(argv);
  if (r.ok) throw new Error(`expected a usage error for ${JSON.stringify(argv)}`);
  return r.message;
}

describe("arbor group / groups", () => {
  it("shows a group (its id as people type it), with --follow and --json", () => {
    expect(ok(["group", "grp-3"])).toEqual({ name: "group", action: "show", groupId: "GRP-3", follow: false, json: false });
    expect(ok(["group", "show", "GRP-3", "-f", "--json"])).toEqual({ name: "group", action: "show", groupId: "GRP-3", follow: true, json: true });
  });

  it("picks a member, with --apply, --archive-others and a note", () => {
    expect(ok(["group", "pick", "GRP-3", "3f2a9c1e", "--apply", "--archive-others", "-m", "cleanest"])).toEqual({
      name: "group",
      action: "pick",
      groupId: "GRP-3",
      executionId: "3f2a9c1e",
      apply: true,
      archiveOthers: true,
      note: "cleanest",
      json: false,
    });
    expect(ok(["group", "pick", "GRP-3", "3f2a9c1e"])).toMatchObject({ apply: false, archiveOthers: false });
  });

  it("cancels a group; lists an issue's groups", () => {
    expect(ok(["group", "cancel", "GRP-3"])).toEqual({ name: "group", action: "cancel", groupId: "GRP-3", json: false });
    expect(ok(["groups", "ISSUE-1", "--json"])).toEqual({ name: "groups", issueId: "ISSUE-1", json: true });
  });

  it.each([
    [["group"], /missing group id/],
    [["group", "pick"], /missing group id/],
    [["group", "ISSUE-1"], /"ISSUE-1" is not a group id: group ids look like GRP-1/],
    [["group", "pick", "GRP-3"], /missing the member to pick: arbor group pick GRP-3 <execution id>/],
    [["group", "pick", "GRP-3", "a", "b"], /unexpected argument "b"/],
    [["group", "GRP-3", "--apply"], /--apply goes with "arbor group pick"/],
    [["group", "cancel", "GRP-3", "--follow"], /--follow goes with "arbor group <GRP>"/],
    [["group", "pick", "GRP-3", "a", "--note", " "], /--note needs a value/],
    [["groups"], /missing issue id/],
  ])("refuses %j", (argv, message) => {
    expect(bad(argv)).toMatch(message);
  });
});
