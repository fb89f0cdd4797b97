import { RESUME_GUARDS, resolveResumeDecision, type ResumeFacts } from "@/server/turns/resolve-resume-decision";

// The guard matrix: every guard alone, passing and refusing, then the whole
// decision (order, unknown facts, the recorded upgrade).

const CLAUDE = { path: "/opt/claude/bin/claude.exe", version: "2.1.330" };

/** Facts under which every guard passes (the runner's view: everything known). */
const resumable = (overrides: Partial<ResumeFacts> = {}, session: Partial<ResumeFacts["session"]> = {}): ResumeFacts => ({
  requested: "continue",
  forceFresh: false,
  agent: "claude",
  session: { agent: "claude", runtime: CLAUDE, poisoned: null, transcript: "available", cwd: "/work/ws", cwdExists: true, ...session },
  installed: { runtime: CLAUDE, cannotResume: null },
  ...overrides,
});

/** The API's view: nothing the runner knows. */
const apiSide = (overrides: Partial<ResumeFacts> = {}, session: Partial<ResumeFacts["session"]> = {}) =>
  resumable({ installed: null, ...overrides }, { runtime: null, transcript: null, cwdExists: null, ...session });

describe("each resume guard alone", () => {
  const cases: Array<{ guard: keyof typeof RESUME_GUARDS; refuses: ResumeFacts; reason: string; message: RegExp }> = [
    { guard: "forceFresh", refuses: resumable({ forceFresh: true }), reason: "force_fresh", message: /A fresh session was asked for/ },
    { guard: "sameAgent", refuses: resumable({}, { agent: "codex" }), reason: "other_agent", message: /made by codex/ },
    {
      guard: "notPoisoned",
      refuses: resumable({}, { poisoned: { reason: "context_window_exceeded", message: null } }),
      reason: "session_poisoned",
      message: /poisoned \(its last turn no longer fit the model's context window\)/,
    },
    {
      guard: "capable",
      refuses: resumable({ installed: { runtime: CLAUDE, cannotResume: "its --help does not list --resume" } }),
      reason: "capability_missing",
      message: /cannot resume a session \(its --help does not list --resume\)/,
    },
    {
      guard: "sameRuntime",
      refuses: resumable({ installed: { runtime: { path: "/home/me/claude-fork", version: "2.1.330" }, cannotResume: null } }),
      reason: "runtime_changed",
      message: /made by \/opt\/claude\/bin\/claude\.exe \(2\.1\.330\).*now runs \/home\/me\/claude-fork \(2\.1\.330\)/,
    },
    {
      guard: "forkPointKnown",
      refuses: resumable({ requested: "fork", forkPoint: "unknown" }),
      reason: "fork_point_unknown",
      message: /recorded no message to branch at/,
    },
    { guard: "cwdExists", refuses: resumable({}, { cwdExists: false }), reason: "cwd_missing", message: /working directory \/work\/ws no longer exists/ },
    {
      guard: "transcriptExists",
      refuses: resumable({}, { transcript: "missing" }),
      reason: "transcript_missing",
      message: /transcript of the session is gone/,
    },
  ];

  it.each(cases)("$guard passes when its fact is fine and refuses with $reason when not", ({ guard, refuses, reason, message }) => {
    expect(RESUME_GUARDS[guard](resumable())).toBeNull();
    expect(RESUME_GUARDS[guard](apiSide())).toBeNull(); // unknown facts never refuse
    const refusal = RESUME_GUARDS[guard](refuses);
    expect(refusal).toEqual({ reason, message: expect.stringMatching(message) });
    expect(refusal!.message).toMatch(/fresh session that carries Arbor's transcript of the conversation( up to that point)?\.$/);
    // Alone: this refusal is the decision's reason.
    expect(resolveResumeDecision(refuses)).toEqual({ kind: "fresh_with_transcript", ...refusal });
  });

  it("names every poison reason and the person's note", () => {
    expect(RESUME_GUARDS.notPoisoned(resumable({}, { poisoned: { reason: "resume_failed", message: null } }))?.message).toMatch(
      /the agent failed to resume it/,
    );
    expect(RESUME_GUARDS.notPoisoned(resumable({}, { poisoned: { reason: "marked_by_person", message: "it keeps looping" } }))?.message).toMatch(
      /marked by a person: it keeps looping/,
    );
  });

  it("knows from the agent's own definition, on either side, what it cannot do", () => {
    const copilot = { agentName: "Copilot CLI", capabilities: ["assign-id-at-launch", "resume-by-id", "continue-latest"] as const };
    const fork = apiSide({ requested: "fork", agent: "copilot", declared: copilot }, { agent: "copilot" });
    expect(resolveResumeDecision(fork)).toEqual({
      kind: "fresh_with_transcript",
      reason: "capability_missing",
      message: expect.stringMatching(/^Copilot CLI cannot fork a session of its own, so this turn starts a fresh session that carries Arbor's transcript/),
    });
    // What it can do passes.
    expect(resolveResumeDecision(apiSide({ agent: "copilot", declared: copilot }, { agent: "copilot" }))).toEqual({
      kind: "resume",
      reason: "resumable",
      message: null,
    });
    expect(RESUME_GUARDS.capable(resumable({ declared: { agentName: "X", capabilities: [] } }))?.message).toMatch(/^X cannot resume a session/);
  });

  it("carries the transcript for a fork at an earlier point its agent cannot make", () => {
    const codex = { agentName: "Codex", capabilities: ["resume-by-id", "fork", "continue-latest"] as const };
    const earlier = resumable({ requested: "fork", agent: "codex", declared: codex, forkPoint: "message" }, { agent: "codex" });
    expect(resolveResumeDecision(earlier)).toMatchObject({
      kind: "fresh_with_transcript",
      reason: "capability_missing",
      message: expect.stringMatching(/^Codex cannot fork at an earlier point/),
    });
    expect(resolveResumeDecision({ ...earlier, forkPoint: "session_end" })).toMatchObject({ kind: "fork", reason: "resumable" });
  });

  it("says fork for a fork the CLI cannot make", () => {
    const facts = resumable({ requested: "fork", installed: { runtime: CLAUDE, cannotResume: "needs 2.1.330 to branch at a message" } });
    expect(RESUME_GUARDS.capable(facts)?.message).toMatch(/cannot fork a session/);
  });
});

describe("resolveResumeDecision", () => {
  it("resumes a continue and forks a fork when every guard passes", () => {
    expect(resolveResumeDecision(resumable())).toEqual({ kind: "resume", reason: "resumable", message: null });
    expect(resolveResumeDecision(resumable({ requested: "fork" }))).toEqual({ kind: "fork", reason: "resumable", message: null });
  });

  it("allows and records a version upgrade of the same executable", () => {
    const upgraded = resumable({ installed: { runtime: { path: CLAUDE.path, version: "2.2.0" }, cannotResume: null } });
    expect(resolveResumeDecision(upgraded)).toEqual({ kind: "resume", reason: "runtime_upgraded", message: expect.stringContaining("(2.1.330 → 2.2.0)") });
    // A version unknown on either side is no upgrade.
    expect(resolveResumeDecision(resumable({ installed: { runtime: { path: CLAUDE.path, version: null }, cannotResume: null } })).reason).toBe("resumable");
  });

  it("takes the first refusal in order: the person's ask, agent, poison, capability, runtime, cwd, transcript", () => {
    const everything = resumable(
      { forceFresh: true, installed: { runtime: { path: "/elsewhere", version: null }, cannotResume: "no --resume" } },
      { agent: "codex", poisoned: { reason: "marked_by_person", message: null }, cwdExists: false, transcript: "missing" },
    );
    const order: string[] = [];
    let facts = everything;
    for (;;) {
      const decision = resolveResumeDecision(facts);
      if (decision.kind !== "fresh_with_transcript") break;
      order.push(decision.reason);
      // Clear the fact that refused, and look again.
      facts =
        decision.reason === "force_fresh"
          ? { ...facts, forceFresh: false }
          : decision.reason === "other_agent"
            ? { ...facts, session: { ...facts.session, agent: "claude" } }
            : decision.reason === "session_poisoned"
              ? { ...facts, session: { ...facts.session, poisoned: null } }
              : decision.reason === "capability_missing"
                ? { ...facts, installed: { ...facts.installed!, cannotResume: null } }
                : decision.reason === "runtime_changed"
                  ? { ...facts, installed: { ...facts.installed!, runtime: CLAUDE } }
                  : decision.reason === "cwd_missing"
                    ? { ...facts, session: { ...facts.session, cwdExists: true } }
                    : { ...facts, session: { ...facts.session, transcript: "available" } };
    }
    expect(order).toEqual(["force_fresh", "other_agent", "session_poisoned", "capability_missing", "runtime_changed", "cwd_missing", "transcript_missing"]);
  });

  it("on the API side decides from what it knows, and resumes when nothing it knows refuses", () => {
    expect(resolveResumeDecision(apiSide())).toEqual({ kind: "resume", reason: "resumable", message: null });
    expect(resolveResumeDecision(apiSide({}, { transcript: "missing" })).reason).toBe("transcript_missing");
    expect(resolveResumeDecision(apiSide({ forceFresh: true })).reason).toBe("force_fresh");
    expect(resolveResumeDecision(apiSide({}, { poisoned: { reason: "resume_failed", message: null } })).reason).toBe("session_poisoned");
  });

  describe("a line of work whose worktree is gone", () => {
    const gone = (worktree: "missing" | "removed", snapshotSha: string | null = "abcdef0123456789") => ({ files: { worktree, snapshotSha } });

    it("forks a Continue from the snapshot in a fresh worktree, and says why", () => {
      expect(resolveResumeDecision(resumable(gone("removed")))).toEqual({
        kind: "fork",
        reason: "worktree_gone",
        message:
          "The worktree of this line of work was removed by housekeeping. So this turn forks the conversation instead of continuing it, and starts from its snapshot abcdef01 in a fresh worktree.",
      });
      expect(resolveResumeDecision(resumable(gone("missing", null))).message).toMatch(
        /vanished from disk.*starts from the commit it started from \(no snapshot was taken/,
      );
      expect(resolveResumeDecision(resumable({ requested: "fork", ...gone("missing") }))).toMatchObject({
        kind: "fork",
        reason: "worktree_gone",
        message: expect.stringMatching(/The fork starts from its snapshot/),
      });
    });

    it("is no reason to give up the session: its missing cwd does not refuse, every other guard still does", () => {
      expect(RESUME_GUARDS.cwdExists(resumable({ files: { worktree: "missing", snapshotSha: null } }, { cwdExists: false }))).toBeNull();
      expect(resolveResumeDecision(resumable({ files: { worktree: "present", snapshotSha: null } }, { cwdExists: false }))).toEqual({
        kind: "resume",
        reason: "resumable",
        message: null,
      });
      expect(resolveResumeDecision(resumable(gone("missing"), { transcript: "missing" })).reason).toBe("transcript_missing");
      expect(resolveResumeDecision(apiSide(gone("removed"))).reason).toBe("worktree_gone");
    });
  });

  it("treats a session recorded before runtime fingerprints as the same runtime", () => {
    const facts = resumable({ installed: { runtime: { path: "/anything", version: "9.9.9" }, cannotResume: null } }, { runtime: null });
    expect(resolveResumeDecision(facts)).toEqual({ kind: "resume", reason: "resumable", message: null });
  });
});
