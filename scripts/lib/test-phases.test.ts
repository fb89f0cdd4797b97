import { jestArgs, mergeJestResults, testPhases } from "@/scripts/lib/test-phases";

describe("testPhases", () => {
  it.each([
    [["unit", "components", "integration", "e2e"], 1, [{ projects: ["unit", "components", "integration", "e2e"], workers: 1 }]],
    [
      ["unit", "components", "integration", "e2e"],
      2,
      [
        { projects: ["unit", "components", "integration"], workers: 2 },
        { projects: ["e2e"], workers: 1 },
      ],
    ],
    // No browser: no end-to-end phase.
    [["unit", "components", "integration"], 3, [{ projects: ["unit", "components", "integration"], workers: 3 }]],
    [["e2e"], 2, [{ projects: ["e2e"], workers: 1 }]],
  ])("%j with %i workers", (projects, workers, expected) => {
    expect(testPhases(projects, workers)).toEqual(expected);
  });
});

describe("jestArgs", () => {
  it("runs in band with one worker, else on that many", () => {
    expect(jestArgs({ projects: ["e2e"], workers: 1 }, "/r/2.json", [], 2)).toEqual([
      "--runInBand",
      "--forceExit",
      "--json",
      "--outputFile=/r/2.json",
      "--selectProjects",
      "e2e",
    ]);
    expect(jestArgs({ projects: ["unit", "integration"], workers: 2 }, "/r/1.json", [], 2).slice(0, 1)).toEqual(["--maxWorkers=2"]);
  });

  it("lets a filter match no file of a phase only when there are several phases", () => {
    expect(jestArgs({ projects: ["e2e"], workers: 1 }, "f", ["agents"], 2).slice(-2)).toEqual(["--passWithNoTests", "agents"]);
    expect(jestArgs({ projects: ["e2e"], workers: 1 }, "f", ["agents"], 1)).not.toContain("--passWithNoTests");
    expect(jestArgs({ projects: ["e2e"], workers: 1 }, "f", [], 2)).not.toContain("--passWithNoTests");
  });
});

describe("mergeJestResults", () => {
  const a = {
    numPassedTests: 5,
    numFailedTests: 0,
    numTotalTests: 5,
    numPendingTests: 1,
    startTime: 200,
    success: true,
    wasInterrupted: false,
    testResults: [{ name: "a" }],
    openHandles: [],
  };
  const b = {
    numPassedTests: 2,
    numFailedTests: 1,
    numTotalTests: 3,
    numPendingTests: 0,
    startTime: 100,
    success: false,
    wasInterrupted: false,
    testResults: [{ name: "b" }],
  };

  it("adds the counts and lists every file", () => {
    expect(mergeJestResults([a, b])).toEqual({
      numPassedTests: 7,
      numFailedTests: 1,
      numTotalTests: 8,
      numPendingTests: 1,
      startTime: 100,
      success: false,
      wasInterrupted: false,
      testResults: [{ name: "a" }, { name: "b" }],
    });
  });

  it("succeeds only when every run did, and never with no run", () => {
    expect(mergeJestResults([a, { ...a, startTime: 300 }]).success).toBe(true);
    expect(mergeJestResults([]).success).toBe(false);
  });
});
