import { checkFailurePrompt, checkStatusOf, commandText, outputTail, summarizeCheck, type CheckEnding } from "@/lib/checks/check-rules";

describe("a check's result", () => {
  const cases: [CheckEnding, string[], string, RegExp][] = [
    [{ kind: "exited", exitCode: 0, durationMs: 4210 }, ["ok"], "passed", /^passed in 4\.2 s$/],
    [{ kind: "exited", exitCode: 1, durationMs: 3000 }, ["FAIL a", "2 failing", ""], "failed", /^failed \(exit 1\) in 3\.0 s: 2 failing$/],
    [{ kind: "exited", exitCode: 2, durationMs: 12_400 }, [], "failed", /^failed \(exit 2\) in 12 s$/],
    [{ kind: "timed_out", durationMs: 5000 }, ["still going"], "timed_out", /^timed out after 5 s .*: still going$/],
    [{ kind: "not_started", message: "spawn nope ENOENT", durationMs: 1 }, [], "error", /^could not start: spawn nope ENOENT$/],
    [{ kind: "stopped", durationMs: 10 }, [], "error", /runner shut down/],
  ];
  it.each(cases)("%j → %s", (ending, tail, status, summary) => {
    expect(checkStatusOf(ending)).toBe(status);
    expect(summarizeCheck(ending, tail, 5)).toMatch(summary);
  });

  it("keeps the last lines within a prompt's size", () => {
    const lines = Array.from({ length: 500 }, (_, i) => `line ${i}`);
    expect(outputTail(lines)).toEqual(lines.slice(-60));
    const long = Array.from({ length: 10 }, (_, i) => `${i}`.padEnd(2000, "x"));
    expect(outputTail(long).length).toBe(3);
    expect(outputTail(long).at(-1)).toBe(long.at(-1));
  });

  it("continues with the failure: the command, the summary, the tail and the person's words", () => {
    const prompt = checkFailurePrompt(
      { status: "failed", command: "npm test", summary: "failed (exit 1) in 3.0 s: 2 failing" },
      ["a", "2 failing"],
      "  keep the API  ",
    );
    expect(prompt).toContain("`npm test` failed on your last change (failed (exit 1) in 3.0 s: 2 failing)");
    expect(prompt).toContain("```\na\n2 failing\n```");
    expect(prompt.endsWith("keep the API")).toBe(true);
    expect(checkFailurePrompt({ status: "timed_out", command: "x", summary: "s" }, [])).toContain("did not finish in time");
    expect(commandText(["npm", "run", "test"])).toBe("npm run test");
  });
});
