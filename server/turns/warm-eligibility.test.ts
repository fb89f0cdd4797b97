import { permissionsMisfit, sessionTouched, warmIneligibility } from "@/server/turns/warm-eligibility";

// Which turns go to a session's warm process: only a plain Continue of the
// turn it served last; everything else spawns (and the warm process is closed).

const S = "11111111-1111-4111-8111-111111111111";
const HEAD = "22222222-2222-4222-8222-222222222222";
const process = { sessionId: S, headExecutionId: HEAD, options: { agentId: "claude", requestedCwd: "/w", model: null } } as Parameters<
  typeof warmIneligibility
>[1];
type Facts = Parameters<typeof warmIneligibility>[0];
const continueOfHead: Facts = {
  agent: "claude",
  model: null,
  cwd: "/w",
  parentExecutionId: HEAD,
  forkedFromExecutionId: null,
  forkSessionId: null,
  targetSessionId: S,
  forceFresh: false,
  resumeDecision: "resume",
  cancelRequestedAt: null,
};

describe("warm turns", () => {
  it("a plain Continue of the head is the warm process's next message", () => {
    expect(warmIneligibility(continueOfHead, process)).toBeNull();
    expect(warmIneligibility({ ...continueOfHead, resumeDecision: null }, process)).toBeNull();
    expect(sessionTouched(continueOfHead)).toBe(S);
    // A one-turn process records no model: nothing to compare.
    const oneTurn = { ...process, options: { agentId: "claude", requestedCwd: "/w" } };
    expect(warmIneligibility({ ...continueOfHead, model: "opus" }, oneTurn)).toBeNull();
  });

  it("anything else spawns, and says why", () => {
    const cases: [Partial<Facts>, RegExp][] = [
      [{ forkedFromExecutionId: HEAD, forkSessionId: S, parentExecutionId: null }, /fork/],
      [{ forceFresh: true }, /fresh session was asked/],
      [{ resumeDecision: "fresh_with_transcript" }, /does not resume/],
      [{ parentExecutionId: "33333333-3333-4333-8333-333333333333" }, /another turn/],
      [{ targetSessionId: "44444444-4444-4444-8444-444444444444" }, /another session/],
      [{ agent: "command" }, /another agent/],
      [{ cwd: "/elsewhere" }, /another directory/],
      [{ model: "opus" }, /another model/],
      [{ cancelRequestedAt: new Date() }, /Cancel/],
    ];
    for (const [change, why] of cases) expect(warmIneligibility({ ...continueOfHead, ...change }, process)).toMatch(why);
  });

  it("a fork touches the session it forks from; a new run touches none", () => {
    expect(sessionTouched({ ...continueOfHead, parentExecutionId: null, forkedFromExecutionId: HEAD, forkSessionId: S })).toBe(S);
    expect(sessionTouched({ ...continueOfHead, parentExecutionId: null })).toBeNull();
  });
});

describe("permissionsMisfit", () => {
  const policy = (mode: "ask" | "edits", allow: string[] = [], deny: string[] = []) => ({ mode, allow, deny, source: "project" as const });
  it.each<[string, ReturnType<typeof policy> | null, ReturnType<typeof policy> | null, string | null]>([
    ["the same policy", policy("ask", ["Edit"]), policy("ask", ["Edit"]), null],
    ["a rule added since", policy("ask", ["Edit"]), policy("ask", ["Edit", "Bash(npm test:*)"]), null],
    ["no policy on either", null, null, null],
    ["another mode", policy("ask"), policy("edits"), 'The turn runs in the "edits" permission mode, the warm process in "ask"'],
    ["a rule taken away", policy("ask", ["Edit"]), policy("ask"), "A rule the warm process was allowed is no longer allowed"],
    ["other deny rules", policy("ask", [], ["Bash"]), policy("ask"), "The turn's deny rules changed"],
    ["a policy on one side only", null, policy("ask"), "The turn runs under another permission policy"],
  ])("%s", (_, running, turn, expected) => {
    expect(permissionsMisfit(running, turn)).toBe(expected);
  });
});
