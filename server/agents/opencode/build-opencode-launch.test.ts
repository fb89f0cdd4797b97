import fc from "fast-check";
import { buildOpencodeLaunch } from "@/server/agents/opencode/build-opencode-launch";
import { recordedCapabilities, recordedContext, withoutFlags } from "@/test/support/cli-capabilities";

const BIN = "/opt/opencode/bin/opencode";
const S = "ses_dfa0b02cdffe9mfJT3YFDBg61i";
const capabilities = recordedCapabilities(BIN, "1.18.33", { run: "opencode/__fixtures__/help-run-1.18.33.txt" });
const context = (overrides = {}) => recordedContext(capabilities, { cwd: "/w/ws", ...overrides });
const BASE = [BIN, "run", "--format", "json", "--dir", "/w/ws"];

describe("buildOpencodeLaunch", () => {
  it("sends the prompt on stdin and names the directory both ways opencode reads it", () => {
    expect(buildOpencodeLaunch({ mode: { kind: "new" }, prompt: "-x say hi" }, context())).toEqual({
      ok: true,
      argv: BASE,
      env: { PWD: "/w/ws", OPENCODE_DISABLE_AUTOUPDATE: "1" },
      expectedSessionId: null,
      stdin: "-x say hi",
    });
  });

  it("continues, forks and continues the latest", () => {
    expect(buildOpencodeLaunch({ mode: { kind: "continue", sessionId: S }, prompt: "p" }, context())).toMatchObject({
      argv: [...BASE, "--session", S],
      expectedSessionId: S,
    });
    expect(buildOpencodeLaunch({ mode: { kind: "fork", fromSessionId: S }, prompt: "p" }, context())).toMatchObject({
      argv: [...BASE, "--session", S, "--fork"],
      expectedSessionId: null,
    });
    expect(buildOpencodeLaunch({ mode: { kind: "continue-latest" }, prompt: "p" }, context())).toMatchObject({ argv: [...BASE, "--continue"] });
  });

  it("refuses what opencode cannot do and ids that are not its own", () => {
    expect(buildOpencodeLaunch({ mode: { kind: "new", sessionId: S }, prompt: "p" }, context())).toMatchObject({ ok: false, code: "agent_unsupported" });
    expect(buildOpencodeLaunch({ mode: { kind: "fork", fromSessionId: S, atMessageId: "msg_1" }, prompt: "p" }, context())).toMatchObject({
      ok: false,
      code: "invalid_launch",
    });
    expect(buildOpencodeLaunch({ mode: { kind: "continue", sessionId: "--fork" }, prompt: "p" }, context())).toMatchObject({
      ok: false,
      code: "invalid_launch",
    });
    expect(
      buildOpencodeLaunch({ mode: { kind: "fork", fromSessionId: S }, prompt: "p" }, context({ capabilities: withoutFlags(capabilities, "--fork") })),
    ).toMatchObject({
      ok: false,
      missingFlags: ["--fork"],
    });
  });

  it.each([
    ["a new session", { kind: "new" as const }, []],
    ["a continue", { kind: "continue" as const, sessionId: S }, ["--session", S]],
    ["a fork", { kind: "fork" as const, fromSessionId: S }, ["--session", S, "--fork"]],
    ["--continue", { kind: "continue-latest" as const }, ["--continue"]],
  ])("passes the person's model as --model provider/model for %s (issue 26)", (_name, mode, session) => {
    const model = "anthropic/claude-sonnet-4-5";
    expect(buildOpencodeLaunch({ mode, prompt: "p", model }, context())).toMatchObject({ ok: true, argv: [...BASE, "--model", model, ...session] });
    expect(buildOpencodeLaunch({ mode, prompt: "p" }, context())).toMatchObject({ ok: true, argv: [...BASE, ...session] });
  });

  it("refuses a model without its provider, and the person's model on an opencode without --model", () => {
    expect(buildOpencodeLaunch({ mode: { kind: "new" }, prompt: "p", model: "gpt-5.5" }, context())).toMatchObject({
      ok: false,
      code: "invalid_launch",
      message: expect.stringContaining("provider/model"),
    });
    expect(buildOpencodeLaunch({ mode: { kind: "new" }, prompt: "p", model: "openrouter/anthropic/claude-x" }, context())).toMatchObject({ ok: true });
    expect(buildOpencodeLaunch({ mode: { kind: "new" }, prompt: "p", model: "a/b" }, context({ capabilities: withoutFlags(capabilities, "--model") }))).toEqual(
      {
        ok: false,
        code: "agent_unsupported",
        message: "This opencode cannot choose a model: its --help does not list --model",
        missingFlags: ["--model"],
      },
    );
    // The agents file's -m gives way to the person's.
    expect(buildOpencodeLaunch({ mode: { kind: "new" }, prompt: "p", model: "a/b" }, context({ extraArgs: ["-m", "x/y"] }))).toMatchObject({
      ok: true,
      argv: [...BASE, "--model", "a/b"],
    });
  });

  it("never puts the prompt in argv (property)", () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), (prompt) => {
        const plan = buildOpencodeLaunch({ mode: { kind: "continue", sessionId: S }, prompt }, context());
        if (!plan.ok) throw new Error(plan.message);
        expect(plan.argv).toEqual([...BASE, "--session", S]);
        expect(plan.stdin).toBe(prompt);
      }),
    );
  });
});
