import { executionRefSchema, hexAsUuid, resolveExecutionQuerySchema } from "@/lib/executions/execution-ref";

const ID = "3f2a9c1e-77b0-4c1d-8e2f-0a1b2c3d4e5f";

describe("short execution ids (?ref=)", () => {
  it.each<[string, string]>([
    ["3f2a9c1e", "3f2a9c1e"],
    ["#3f2a9c1e", "3f2a9c1e"], // as the app prints it
    ["  3F2A9C1E ", "3f2a9c1e"],
    ["3f2a9c1e-", "3f2a9c1e"],
    ["3f2a9c1e-77b0", "3f2a9c1e77b0"], // dashes as printed
    ["3f2a9c1e77b0", "3f2a9c1e77b0"], // or none
    ["3f2a9c1e-77b0-4c1d-8", "3f2a9c1e77b04c1d8"],
    [ID, ID.replaceAll("-", "")],
    [ID.replaceAll("-", ""), ID.replaceAll("-", "")],
  ])("%j → %j", (ref, hex) => {
    expect(executionRefSchema.parse(ref)).toEqual({ hex, shown: ref.trim() });
  });

  it.each<[string, RegExp]>([
    ["3f2a9c1", /"3f2a9c1" is too short: give at least 8 hex characters/],
    ["#3f2a", /too short/],
    ["3f2a-9c1e", /"3f2a-9c1e" is not an execution id/], // a dash where the printed id has none
    ["3f2a9c1e77b0-4c1d", /is not an execution id/],
    ["ISSUE-1", /"ISSUE-1" is not an execution id: give the id shown \(8 or more hex characters, e.g. 3f2a9c1e\) or the full id/],
    ["SESS-3", /is not an execution id/],
    ["3f2a9c1g", /is not an execution id/],
    [`${ID}0`, /is not an execution id/], // longer than an id
    ["", /ref is required/],
  ])("%j is refused", (ref, message) => {
    const parsed = executionRefSchema.safeParse(ref);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toMatch(message);
  });

  it("lays hex digits out as a uuid is printed", () => {
    expect(hexAsUuid("3f2a9c1e".padEnd(32, "0"))).toBe("3f2a9c1e-0000-0000-0000-000000000000");
    expect(hexAsUuid("3f2a9c1e77")).toBe("3f2a9c1e-77");
  });

  it("takes ref and nothing else", () => {
    expect(resolveExecutionQuerySchema.safeParse({ ref: "3f2a9c1e" }).success).toBe(true);
    expect(resolveExecutionQuerySchema.safeParse({}).error?.issues[0]?.message).toMatch(/ref is required/);
    expect(resolveExecutionQuerySchema.safeParse({ ref: "3f2a9c1e", id: "x" }).success).toBe(false);
  });
});
