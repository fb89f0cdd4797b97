import { listItems, renderList } from "./list";
import { detectStyle, paint, plain } from "./style";

describe("lists", () => {
  it("accepts arrays, {items} and {<name>}", () => {
    expect(listItems([1])).toEqual([1]);
    expect(listItems({ items: [2] })).toEqual([2]);
    expect(listItems({ issues: [3] }, "issues")).toEqual([3]);
    expect(listItems({ nope: 1 })).toEqual([]);
    expect(listItems(null)).toEqual([]);
  });

  it("aligns id, status and title", () => {
    expect(
      renderList(
        [{ key: "ISSUE-1", title: "Login is broken", status: "open" }, { id: "ISSUE-10", name: "Add dark mode", state: "in_progress" }, "ISSUE-3"],
        plain,
      ),
    ).toEqual(["ISSUE-1   open         Login is broken", "ISSUE-10  in_progress  Add dark mode", "ISSUE-3"]);
    expect(renderList([{ id: "spec-1", title: "Auth" }], plain)).toEqual(["spec-1  Auth"]);
  });
});

describe("style", () => {
  it("colors a TTY unless NO_COLOR; FORCE_COLOR forces", () => {
    expect(detectStyle({ isTTY: true, columns: 80 }, {})).toEqual({ color: true, columns: 80 });
    expect(detectStyle({ isTTY: true }, { NO_COLOR: "1" }).color).toBe(false);
    expect(detectStyle({ isTTY: false }, {}).color).toBe(false);
    expect(detectStyle({ isTTY: false }, { FORCE_COLOR: "1" }).color).toBe(true);
    expect(detectStyle({ isTTY: true }, { NO_COLOR: "" }).color).toBe(true);
  });
  it("paints nothing when color is off", () => {
    expect(paint(plain, "x", "red")).toBe("x");
    expect(paint({ color: true }, "x", "red", "bold")).toBe("\x1b[31m\x1b[1mx\x1b[22m\x1b[39m");
  });
});
