import { EarlyTurns } from "@/server/runner/warm/early-turns";
import type { Preflight } from "@/server/runner/warm/warm-guards";
import type { WarmProcess } from "@/server/runner/warm/warm-process";

const process = { alive: true, headExecutionId: "turn-1" } as unknown as WarmProcess;

function setUp(options: { enabled?: boolean } = {}) {
  const checks: Preflight[] = [];
  const early = new EarlyTurns({
    enabled: () => options.enabled ?? true,
    runnerId: "runner-a",
    parked: (sessionId) => (sessionId === "sess" ? process : null),
    running: () => undefined,
    prestarted: (sessionId) => sessionId === "pre-sess",
    preflight: () => {
      const facts = { n: checks.length } as unknown as Preflight;
      checks.push(facts);
      return facts;
    },
  });
  const runs: string[] = [];
  const run = async (id: string) => {
    runs.push(id);
  };
  return { early, checks, runs, run };
}

describe("EarlyTurns", () => {
  afterEach(() => jest.useRealTimers());

  it("starts a new run that claimed a pre-started agent of this runner at once, when a slot is free", () => {
    const { early, checks, runs, run } = setUp();
    early.queued("exec-new runner-a pre-sess -", run, () => false);
    expect(runs).toEqual([]);
    early.queued("exec-new runner-a pre-sess -", run, () => true);
    expect(runs).toEqual(["exec-new"]);
    expect(checks).toHaveLength(0);
    // Another runner's, a session no agent of this pool holds, or warm sessions off: the job starts it.
    early.queued("exec-b runner-b pre-sess -", run);
    early.queued("exec-c runner-a sess -", run);
    setUp({ enabled: false }).early.queued("exec-d runner-a pre-sess -", run);
    expect(runs).toEqual(["exec-new"]);
  });

  it("checks the guards when the Continue is asked for, and its queued turn takes those facts", () => {
    const { early, checks, runs, run } = setUp();
    early.continueAsked("runner-a sess turn-1");
    expect(checks).toHaveLength(1);
    early.queued("exec-2 runner-a sess turn-1", run);
    expect(checks).toHaveLength(1);
    expect(runs).toEqual(["exec-2"]);
    expect(early.takePreflight("exec-2")).toBe(checks[0]);
    expect(early.takePreflight("exec-2")).toBeUndefined();
  });

  it("checks again when the asked-for facts are older than 2 s", () => {
    jest.useFakeTimers({ now: 1_000_000 });
    const { early, checks, run } = setUp();
    early.continueAsked("runner-a sess turn-1");
    jest.setSystemTime(1_000_000 + 2_001);
    early.queued("exec-2 runner-a sess turn-1", run);
    expect(checks).toHaveLength(2);
    expect(early.takePreflight("exec-2")).toBe(checks[1]);
  });

  it("ignores another runner's, another head's and an unknown session's Continues, and everything when warm sessions are off", () => {
    const { early, checks, runs, run } = setUp();
    early.continueAsked("runner-b sess turn-1");
    early.continueAsked("runner-a sess turn-0");
    early.continueAsked("runner-a other turn-1");
    early.queued("exec-3 runner-a sess turn-0", run);
    early.queued("exec-4 runner-a other turn-1", run);
    expect({ checks: checks.length, runs }).toEqual({ checks: 0, runs: [] });
    const off = setUp({ enabled: false });
    off.early.continueAsked("runner-a sess turn-1");
    off.early.queued("exec-2 runner-a sess turn-1", off.run);
    expect({ checks: off.checks.length, runs: off.runs }).toEqual({ checks: 0, runs: [] });
  });

  it("starts a queued turn once, and the worker that takes its job adopts that run", async () => {
    const { early, runs, run } = setUp();
    early.queued("exec-2 runner-a sess turn-1", run);
    early.queued("exec-2 runner-a sess turn-1", run);
    expect(runs).toEqual(["exec-2"]);
    const adopted = early.adopted("exec-2");
    expect(adopted).toBeInstanceOf(Promise);
    await adopted;
    await early.settled();
    expect(early.adopted("exec-2")).toBeUndefined();
  });
});
