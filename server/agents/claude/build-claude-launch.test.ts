import fs from "node:fs";
import path from "node:path";
import fc from "fast-check";
import type { CliCapabilities, LaunchContext, LaunchRequest } from "@/server/agents/types";
import { buildClaudeLaunch } from "@/server/agents/claude/build-claude-launch";
import type { EffectivePermissions } from "@/lib/permissions/schema";
import { parseHelpText } from "@/server/agents/parse-help-text";

const help = parseHelpText(fs.readFileSync(path.join(__dirname, "__fixtures__/help-2.1.330.txt"), "utf8"));
const BIN = "/opt/claude/bin/claude";
const A = "11111111-1111-4111-8111-111111111111";
const B = "22222222-2222-4222-8222-222222222222";
const M = "33333333-3333-4333-8333-333333333333";

function capabilities(overrides: Partial<CliCapabilities> = {}): CliCapabilities {
  return { binaryPath: BIN, version: "2.1.330", flags: help.flags, choices: help.choices, ...overrides };
}

function context(overrides: Partial<LaunchContext> = {}): LaunchContext {
  return { binaryPath: BIN, capabilities: capabilities(), env: {}, ...overrides };
}

const BASE = [BIN, "-p", "--verbose", "--output-format", "stream-json", "--permission-mode", "acceptEdits"];

describe("buildClaudeLaunch", () => {
  it("starts a new session under the id Arbor chose", () => {
    expect(buildClaudeLaunch({ mode: { kind: "new", sessionId: A }, prompt: "fix the bug" }, context())).toEqual({
      ok: true,
      argv: [...BASE, "--session-id", A, "--", "fix the bug"],
      env: {},
      expectedSessionId: A,
    });
  });

  it("with streamInput, reads the prompt as the first stdin message (a process that can take later turns)", () => {
    const STREAM = ["--input-format", "stream-json", "--replay-user-messages"];
    expect(buildClaudeLaunch({ mode: { kind: "new", sessionId: A }, prompt: "-x starts with a dash", streamInput: true }, context())).toEqual({
      ok: true,
      argv: [...BASE, ...STREAM, "--session-id", A],
      env: {},
      expectedSessionId: A,
      streamInput: { prompt: "-x starts with a dash" },
    });
    expect(buildClaudeLaunch({ mode: { kind: "continue", sessionId: A }, prompt: "next", streamInput: true }, context())).toMatchObject({
      ok: true,
      argv: [...BASE, ...STREAM, "--resume", A],
      streamInput: { prompt: "next" },
    });
    // A CLI whose --help lacks what it needs keeps the prompt in argv.
    const flags = new Set([...help.flags].filter((f) => f !== "--replay-user-messages"));
    const plain = buildClaudeLaunch(
      { mode: { kind: "new", sessionId: A }, prompt: "hi", streamInput: true },
      context({ capabilities: capabilities({ flags }) }),
    );
    expect(plain).toEqual({ ok: true, argv: [...BASE, "--session-id", A, "--", "hi"], env: {}, expectedSessionId: A });
  });

  it("lets the CLI choose the id when none is given", () => {
    const plan = buildClaudeLaunch({ mode: { kind: "new" }, prompt: "hi" }, context());
    expect(plan).toMatchObject({ ok: true, argv: [...BASE, "--", "hi"], expectedSessionId: null });
  });

  it("continues a session by id", () => {
    const plan = buildClaudeLaunch({ mode: { kind: "continue", sessionId: A }, prompt: "and now?" }, context());
    expect(plan).toMatchObject({ ok: true, argv: [...BASE, "--resume", A, "--", "and now?"], expectedSessionId: A });
  });

  it("continues the latest session of the cwd", () => {
    const plan = buildClaudeLaunch({ mode: { kind: "continue-latest" }, prompt: "more" }, context());
    expect(plan).toMatchObject({ ok: true, argv: [...BASE, "--continue", "--", "more"], expectedSessionId: null });
  });

  it("forks into a new id", () => {
    const plan = buildClaudeLaunch({ mode: { kind: "fork", fromSessionId: A, newSessionId: B }, prompt: "try B" }, context());
    expect(plan).toMatchObject({
      ok: true,
      argv: [...BASE, "--resume", A, "--fork-session", "--session-id", B, "--", "try B"],
      expectedSessionId: B,
    });
  });

  it("forks at an exact assistant message", () => {
    const plan = buildClaudeLaunch({ mode: { kind: "fork", fromSessionId: A, newSessionId: B, atMessageId: M }, prompt: "from there" }, context());
    expect(plan).toMatchObject({
      ok: true,
      argv: [...BASE, "--resume", A, "--fork-session", "--session-id", B, "--resume-session-at", M, "--", "from there"],
    });
  });

  it("refuses an exact-point fork on a CLI older than the verified version", () => {
    const plan = buildClaudeLaunch(
      { mode: { kind: "fork", fromSessionId: A, newSessionId: B, atMessageId: M }, prompt: "x" },
      context({ capabilities: capabilities({ version: "2.1.100" }) }),
    );
    expect(plan).toMatchObject({ ok: false, code: "agent_unsupported" });
    const unknown = buildClaudeLaunch(
      { mode: { kind: "fork", fromSessionId: A, newSessionId: B, atMessageId: M }, prompt: "x" },
      context({ capabilities: capabilities({ version: null }) }),
    );
    expect(unknown).toMatchObject({ ok: false, code: "agent_unsupported" });
  });

  it("reports each flag the CLI does not list", () => {
    const flags = new Set([...help.flags].filter((f) => f !== "--fork-session" && f !== "--session-id"));
    const plan = buildClaudeLaunch(
      { mode: { kind: "fork", fromSessionId: A, newSessionId: B }, prompt: "x" },
      context({ capabilities: capabilities({ flags }) }),
    );
    expect(plan).toEqual({
      ok: false,
      code: "agent_unsupported",
      message: expect.stringContaining("--fork-session"),
      missingFlags: ["--fork-session", "--session-id"],
    });
  });

  it("is unsupported without a probe", () => {
    expect(buildClaudeLaunch({ mode: { kind: "new" }, prompt: "x" }, context({ capabilities: null }))).toMatchObject({
      ok: false,
      code: "agent_unsupported",
    });
  });

  describe("a permission policy", () => {
    const STREAM = ["--input-format", "stream-json", "--replay-user-messages"];
    const policy = (mode: EffectivePermissions["mode"], allow: string[] = [], deny: string[] = []): EffectivePermissions => ({
      mode,
      allow,
      deny,
      source: "project",
    });
    const launch = (permissions: EffectivePermissions, over: Partial<LaunchRequest> = {}) =>
      buildClaudeLaunch({ mode: { kind: "new", sessionId: A }, prompt: "x", streamInput: true, permissions, ...over }, context());

    it.each<[EffectivePermissions["mode"], string[]]>([
      ["ask", ["--permission-mode", "acceptEdits", "--permission-prompt-tool", "stdio"]],
      ["plan", ["--permission-mode", "plan", "--permission-prompt-tool", "stdio"]],
      ["edits", ["--permission-mode", "acceptEdits"]],
      ["trusted", ["--permission-mode", "bypassPermissions"]],
    ])("%s → %j", (mode, flags) => {
      expect(launch(policy(mode))).toMatchObject({
        ok: true,
        argv: [BIN, "-p", "--verbose", "--output-format", "stream-json", ...flags, ...STREAM, "--session-id", A],
      });
    });

    it("passes each rule as its own argv element", () => {
      const plan = launch(policy("ask", ["Bash(npm test:*)", "Edit"], ["Bash(git push:*)"]));
      expect(plan.ok && plan.argv.join(" ")).toContain(
        "--permission-prompt-tool stdio --allowedTools Bash(npm test:*) --allowedTools Edit --disallowedTools Bash(git push:*) --input-format",
      );
      expect(plan.ok && plan.argv.filter((a) => a === "Bash(npm test:*)")).toHaveLength(1);
    });

    it("cannot ask a person without stdin, nor with a CLI older than the one verified: refused when the run asked, else run as edits, said", () => {
      const asked = { ...policy("ask"), source: "run" as const };
      expect(launch(asked, { streamInput: false })).toMatchObject({ ok: false, code: "agent_unsupported", message: expect.stringContaining("stream-json") });
      const old = (permissions: EffectivePermissions) =>
        buildClaudeLaunch(
          { mode: { kind: "new", sessionId: A }, prompt: "x", streamInput: true, permissions },
          context({ capabilities: capabilities({ version: "2.1.100" }) }),
        );
      expect(old(asked)).toMatchObject({ ok: false, code: "agent_unsupported", message: expect.stringContaining("2.1.330") });
      expect(old(policy("plan"))).toMatchObject({ ok: false, code: "agent_unsupported" });
      // Asking only by default (the project's or the agent's): refused instead of asked, never allowed.
      const fallen = old(policy("ask"));
      expect(fallen).toMatchObject({ ok: true, permissionNotes: [expect.stringContaining('runs as "edits"')] });
      expect(fallen.ok && fallen.argv).toEqual(expect.arrayContaining(["--permission-mode", "acceptEdits"]));
      expect(fallen.ok && fallen.argv).not.toContain("--permission-prompt-tool");
      // Modes that need no one work on any of them.
      expect(launch(policy("edits"), { streamInput: false })).toMatchObject({ ok: true });
    });

    it("streams the text as it is written only when asked", () => {
      expect(launch(policy("ask"), { partialMessages: true })).toMatchObject({ ok: true, argv: expect.arrayContaining(["--include-partial-messages"]) });
      expect(launch(policy("ask"))).toMatchObject({ ok: true, argv: expect.not.arrayContaining(["--include-partial-messages"]) });
    });
  });

  describe("the person's model (issue 26)", () => {
    const STREAM = ["--input-format", "stream-json", "--replay-user-messages"];
    const MODEL = ["--model", "claude-sonnet-4-5"];
    const P = ["--permission-mode", "acceptEdits"];
    it.each<[string, LaunchRequest, string[]]>([
      ["a new session", { mode: { kind: "new", sessionId: A }, prompt: "x" }, [...MODEL, ...P, "--session-id", A, "--", "x"]],
      ["a resume", { mode: { kind: "continue", sessionId: A }, prompt: "x" }, [...MODEL, ...P, "--resume", A, "--", "x"]],
      ["continue-latest", { mode: { kind: "continue-latest" }, prompt: "x" }, [...MODEL, ...P, "--continue", "--", "x"]],
      [
        "a fork",
        { mode: { kind: "fork", fromSessionId: A, newSessionId: B }, prompt: "x" },
        [...MODEL, ...P, "--resume", A, "--fork-session", "--session-id", B, "--", "x"],
      ],
      ["a warm (streamInput) launch", { mode: { kind: "continue", sessionId: A }, prompt: "x", streamInput: true }, [...MODEL, ...P, ...STREAM, "--resume", A]],
    ])("%s: --model <model> among the options, one element each", (_name, request, rest) => {
      const plan = buildClaudeLaunch({ ...request, model: "claude-sonnet-4-5" }, context());
      expect(plan).toMatchObject({ ok: true, argv: [BIN, "-p", "--verbose", "--output-format", "stream-json", ...rest] });
      // Without a model the argv is the one it was before models.
      expect(buildClaudeLaunch(request, context())).toMatchObject({
        ok: true,
        argv: [BIN, "-p", "--verbose", "--output-format", "stream-json", ...rest.slice(2)],
      });
    });

    it("goes before the rule lists, which would take it as a rule", () => {
      const permissions: EffectivePermissions = { mode: "edits", allow: ["Edit"], deny: [], source: "run" };
      const plan = buildClaudeLaunch({ mode: { kind: "new", sessionId: A }, prompt: "x", permissions, model: "opus" }, context());
      if (!plan.ok) throw new Error(plan.message);
      const at = plan.argv.indexOf("--model");
      expect(plan.argv[at + 1]).toBe("opus");
      expect(at).toBeGreaterThan(-1);
      expect(at).toBeLessThan(plan.argv.indexOf("--allowedTools"));
    });

    it("is refused by a Claude Code whose --help lacks --model, and when it is no model name", () => {
      const flags = new Set([...help.flags].filter((f) => f !== "--model"));
      expect(buildClaudeLaunch({ mode: { kind: "new" }, prompt: "x", model: "opus" }, context({ capabilities: capabilities({ flags }) }))).toEqual({
        ok: false,
        code: "agent_unsupported",
        message: "This Claude Code cannot choose a model: its --help does not list --model",
        missingFlags: ["--model"],
      });
      expect(buildClaudeLaunch({ mode: { kind: "new" }, prompt: "x" }, context({ capabilities: capabilities({ flags }) }))).toMatchObject({ ok: true });
      for (const model of ["--dangerously-skip-permissions", "", "opus 4", "a;b"]) {
        expect(buildClaudeLaunch({ mode: { kind: "new" }, prompt: "x", model }, context())).toMatchObject({ ok: false, code: "invalid_launch" });
      }
    });
  });

  it("rejects ids that are not UUIDs, so no value can pass for an option", () => {
    const requests: LaunchRequest[] = [
      { mode: { kind: "new", sessionId: "--dangerously-skip-permissions" }, prompt: "x" },
      { mode: { kind: "continue", sessionId: "abc" }, prompt: "x" },
      { mode: { kind: "fork", fromSessionId: A, newSessionId: B, atMessageId: "-x" }, prompt: "x" },
    ];
    for (const request of requests) expect(buildClaudeLaunch(request, context())).toMatchObject({ ok: false, code: "invalid_launch" });
  });

  it("passes any prompt as one argv element after -- (property)", () => {
    fc.assert(
      fc.property(fc.string(), (prompt) => {
        const plan = buildClaudeLaunch({ mode: { kind: "continue", sessionId: A }, prompt }, context());
        if (!plan.ok) throw new Error(plan.message);
        expect(plan.argv[plan.argv.length - 1]).toBe(prompt);
        expect(plan.argv[plan.argv.length - 2]).toBe("--");
        expect(plan.argv.indexOf("--")).toBe(plan.argv.length - 2);
      }),
    );
  });
});
