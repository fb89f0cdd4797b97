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
