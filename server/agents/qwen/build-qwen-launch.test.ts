import fc from "fast-check";
import { buildQwenLaunch, DEFAULT_QWEN_APPROVAL_MODE } from "@/server/agents/qwen/build-qwen-launch";
import { recordedCapabilities, recordedContext, withoutFlags } from "@/test/support/cli-capabilities";

const BIN = "/opt/qwen/bin/qwen";
const A = "11111111-1111-4111-8111-111111111111";
const capabilities = recordedCapabilities(BIN, "0.24.4", { "": "qwen/__fixtures__/help-0.24.4.txt" });
const context = (overrides = {}) => recordedContext(capabilities, overrides);
const BASE = [BIN, "--output-format", "stream-json", "--approval-mode", DEFAULT_QWEN_APPROVAL_MODE];

describe("buildQwenLaunch", () => {
  it("names new sessions, resumes, forks into an id Qwen picks, continues the latest", () => {
    expect(buildQwenLaunch({ mode: { kind: "new", sessionId: A }, prompt: "hi" }, context())).toEqual({
      ok: true,
      argv: [...BASE, "--session-id", A, "--prompt=hi"],
      env: {},
      expectedSessionId: A,
    });
    expect(buildQwenLaunch({ mode: { kind: "continue", sessionId: A }, prompt: "p" }, context())).toMatchObject({
      argv: [...BASE, "--resume", A, "--prompt=p"],
      expectedSessionId: A,
    });
    expect(buildQwenLaunch({ mode: { kind: "fork", fromSessionId: A }, prompt: "p" }, context())).toMatchObject({
      argv: [...BASE, "--resume", A, "--fork-session", "--prompt=p"],
      expectedSessionId: null,
    });
    expect(buildQwenLaunch({ mode: { kind: "continue-latest" }, prompt: "p" }, context())).toMatchObject({ argv: [...BASE, "--continue", "--prompt=p"] });
  });

  it("refuses a chosen fork id, and a Qwen Code without --fork-session (what Node 20 installs unpinned)", () => {
    expect(buildQwenLaunch({ mode: { kind: "fork", fromSessionId: A, newSessionId: A }, prompt: "p" }, context())).toMatchObject({
      ok: false,
      code: "agent_unsupported",
    });
    expect(
      buildQwenLaunch({ mode: { kind: "fork", fromSessionId: A }, prompt: "p" }, context({ capabilities: withoutFlags(capabilities, "--fork-session") })),
    ).toMatchObject({
      ok: false,
      code: "agent_unsupported",
      missingFlags: ["--fork-session"],
    });
  });

  it.each([
    ["a new session", { kind: "new" as const, sessionId: A }, ["--session-id", A]],
    ["a resume", { kind: "continue" as const, sessionId: A }, ["--resume", A]],
    ["a fork", { kind: "fork" as const, fromSessionId: A }, ["--resume", A, "--fork-session"]],
    ["--continue", { kind: "continue-latest" as const }, ["--continue"]],
  ])("passes the person's model as --model <model> for %s (issue 26)", (_name, mode, session) => {
    expect(buildQwenLaunch({ mode, prompt: "p", model: "qwen3-coder-plus" }, context())).toMatchObject({
      ok: true,
      argv: [...BASE, "--model", "qwen3-coder-plus", ...session, "--prompt=p"],
    });
    expect(buildQwenLaunch({ mode, prompt: "p" }, context())).toMatchObject({ ok: true, argv: [...BASE, ...session, "--prompt=p"] });
  });

  it("keeps the person's model before the rule lists in an `ask` (stdin) launch, in place of the agents file's --model", () => {
    const permissions = { mode: "ask" as const, allow: ["Bash(npm test:*)"], deny: [], source: "run" as const };
    const plan = buildQwenLaunch(
      { mode: { kind: "new" }, prompt: "hi", permissions, streamInput: true, model: "qwen3-coder-plus" },
      context({ extraArgs: ["--model=qwen-max"] }),
    );
    expect(plan).toMatchObject({
      ok: true,
      argv: [
        BIN,
        "--input-format",
        "stream-json",
        "--output-format",
        "stream-json",
        "--approval-mode",
        "auto-edit",
        "--model",
        "qwen3-coder-plus",
        "--allowed-tools",
        "Bash(npm test *)",
      ],
      streamInput: { prompt: "hi" },
    });
  });

  it("refuses the person's model on a Qwen Code without --model", () => {
    expect(
      buildQwenLaunch({ mode: { kind: "new" }, prompt: "p", model: "qwen3-coder-plus" }, context({ capabilities: withoutFlags(capabilities, "--model") })),
    ).toEqual({
      ok: false,
      code: "agent_unsupported",
      message: "This Qwen Code cannot choose a model: its --help does not list --model",
      missingFlags: ["--model"],
    });
  });

  it("keeps any prompt glued to --prompt (property)", () => {
    fc.assert(
      fc.property(fc.string(), (prompt) => {
        const plan = buildQwenLaunch({ mode: { kind: "continue", sessionId: A }, prompt }, context());
        if (!plan.ok) throw new Error(plan.message);
        expect(plan.argv).toEqual([...BASE, "--resume", A, `--prompt=${prompt}`]);
      }),
    );
  });

  it("takes the agents file's approval mode and auth type", () => {
    expect(buildQwenLaunch({ mode: { kind: "new" }, prompt: "p" }, context({ extraArgs: ["--approval-mode", "yolo", "--auth-type", "openai"] }))).toMatchObject(
      {
        argv: [BIN, "--output-format", "stream-json", "--approval-mode", "yolo", "--auth-type", "openai", "--prompt=p"],
      },
    );
  });
});
