import { parseProjectFilter, parseProjectId } from "./ids";

describe("project ids", () => {
  it.each([
    ["PROJ-2", "PROJ-2"],
    [" proj-12 ", "PROJ-12"],
    ["PROJ-0", null],
    ["ISSUE-1", null],
    ["", null],
  ])("parseProjectId(%j) is %j", (raw, expected) => {
    expect(parseProjectId(raw)).toBe(expected);
  });

  it.each([
    [undefined, ""],
    ["", ""],
    ["none", "none"],
    ["Default", "none"],
    ["proj-3", "PROJ-3"],
    ["garbage", ""],
  ])("a list page's ?projectId=%j filters by %j", (raw, expected) => {
    expect(parseProjectFilter(raw)).toBe(expected);
  });
});
