import { workerIdFor, workerIdPrefix } from "@/server/runner/process/runner-locks";

describe("worker ids", () => {
  it("name the runner, its boot and the slot", () => {
    expect(workerIdFor("box", "b00t", 2)).toBe("arbor:box:b00t:2");
    expect(workerIdFor("box", "b00t", 2).startsWith(workerIdPrefix("box", "b00t"))).toBe(true);
    expect(workerIdFor("box", "b00t", 2).startsWith(workerIdPrefix("box"))).toBe(true);
  });

  it("never let one runner's prefix match another runner's workers", () => {
    // Runner ids are free text (ARBOR_RUNNER_ID): "a" must not claim the locks of "a:b" or "a-2".
    for (const other of ["a:b", "a-2", "a:"]) {
      expect(workerIdFor(other, "x", 0).startsWith(workerIdPrefix("a"))).toBe(false);
    }
    expect(workerIdFor("a", "b:c", 0).startsWith(workerIdPrefix("a", "b"))).toBe(false);
  });
});
