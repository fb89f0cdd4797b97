import fc from "fast-check";
import { buildAiderLaunch } from "@/server/agents/aider/build-aider-launch";
import type { CliCapabilities } from "@/server/agents/types";
import { recordedContext } from "@/test/support/cli-capabilities";

// aider could not be installed here (no PyPI), so its --help was not
// recorded: these capabilities list the documented options the builder
// needs, and the tests pin the argv built from them.

const BIN = "/usr/local/bin/aider";
const K = "11111111-1111-4111-8111-111111111111";
const HOME = "/data/agent-homes/aider/sessions/11111111-1111-4111-8111-111111111111";
const documented = [
  "--yes-always",
  "--no-pretty",
  "--no-stream",
  "--no-auto-commits",
  "--auto-commits",
  "--no-check-update",
  "--chat-history-file",
  "--input-history-file",
  "--restore-chat-history",
  "--message",
  "--msg",
  "-m",
  "--model",
];
const capabilities: CliCapabilities = { binaryPath: BIN, version: null, flags: new Set(documented), choices: new Map() };
const context = (overrides = {}) => recordedContext(capabilities, { homeDir: HOME, ...overrides });
const BASE = [
  BIN,
  "--yes-always",
  "--no-pretty",
  "--no-stream",
  "--no-auto-commits",
  "--no-check-update",
  "--chat-history-file",
  `${HOME}/.aider.chat.history.md`,
  "--input-history-file",
  `${HOME}/.aider.input.history`,
];

describe("buildAiderLaunch (strategy B)", () => {
  it("starts a session's history in its own home, named by Arbor's key", () => {
    expect(buildAiderLaunch({ mode: { kind: "new", sessionId: K }, prompt: "fix it" }, context())).toEqual({
      ok: true,
      argv: [...BASE, "--message=fix it"],
      env: {},
      expectedSessionId: null,
      arborSessionId: K,
    });
  });

  it("continues by restoring the latest chat of that home", () => {
    expect(buildAiderLaunch({ mode: { kind: "continue", sessionId: K }, prompt: "and the tests" }, context())).toMatchObject({
      ok: true,
      argv: [...BASE, "--restore-chat-history", "--message=and the tests"],
      arborSessionId: K,
    });
  });

  it("needs the session key and its home, and cannot fork", () => {
    expect(buildAiderLaunch({ mode: { kind: "new" }, prompt: "p" }, context())).toMatchObject({ ok: false, code: "invalid_launch" });
    expect(buildAiderLaunch({ mode: { kind: "new", sessionId: K }, prompt: "p" }, context({ homeDir: null }))).toMatchObject({
      ok: false,
      code: "invalid_launch",
    });
    expect(buildAiderLaunch({ mode: { kind: "fork", fromSessionId: K }, prompt: "p" }, context())).toMatchObject({ ok: false, code: "agent_unsupported" });
    expect(buildAiderLaunch({ mode: { kind: "continue-latest" }, prompt: "p" }, context())).toMatchObject({ ok: false, code: "agent_unsupported" });
  });

  it("sends no flag its --help lacks, and lets the agents file turn auto-commits back on", () => {
    const old: CliCapabilities = {
      ...capabilities,
      flags: new Set(documented.filter((flag) => flag !== "--restore-chat-history" && flag !== "--no-check-update")),
    };
    expect(buildAiderLaunch({ mode: { kind: "continue", sessionId: K }, prompt: "p" }, context({ capabilities: old }))).toMatchObject({
      ok: false,
      missingFlags: ["--restore-chat-history"],
    });
    expect(buildAiderLaunch({ mode: { kind: "new", sessionId: K }, prompt: "p" }, context({ capabilities: old }))).toMatchObject({
      ok: true,
      argv: expect.not.arrayContaining(["--no-check-update"]),
    });
    const plan = buildAiderLaunch({ mode: { kind: "new", sessionId: K }, prompt: "p" }, context({ extraArgs: ["--auto-commits", "--model", "openai/gpt-x"] }));
    expect(plan.ok && plan.argv).toEqual(expect.arrayContaining(["--auto-commits", "--model", "openai/gpt-x"]));
    expect(plan.ok && plan.argv).not.toContain("--no-auto-commits");
  });

  it("passes the person's model as --model <model> for a new session and a continue, in place of the agents file's (issue 26)", () => {
    const model = "anthropic/claude-sonnet-4-5";
    expect(buildAiderLaunch({ mode: { kind: "new", sessionId: K }, prompt: "p", model }, context())).toMatchObject({
      ok: true,
      argv: [...BASE, "--model", model, "--message=p"],
    });
    const plan = buildAiderLaunch({ mode: { kind: "continue", sessionId: K }, prompt: "p", model }, context({ extraArgs: ["--model", "gpt-4o", "-m", "hi"] }));
    // aider's -m is --message, not the model: it stays (and its --help check is the agents file's business).
    expect(plan).toMatchObject({ ok: true, argv: [...BASE, "--restore-chat-history", "--model", model, "-m", "hi", "--message=p"] });
    const old: CliCapabilities = { ...capabilities, flags: new Set(documented.filter((flag) => flag !== "--model")) };
    expect(buildAiderLaunch({ mode: { kind: "new", sessionId: K }, prompt: "p", model }, context({ capabilities: old }))).toEqual({
      ok: false,
      code: "agent_unsupported",
      message: "This aider cannot choose a model: its --help does not list --model",
      missingFlags: ["--model"],
    });
  });

  it("keeps any prompt glued to --message (property)", () => {
    fc.assert(
      fc.property(fc.string(), (prompt) => {
        const plan = buildAiderLaunch({ mode: { kind: "continue", sessionId: K }, prompt }, context());
        if (!plan.ok) throw new Error(plan.message);
        expect(plan.argv).toEqual([...BASE, "--restore-chat-history", `--message=${prompt}`]);
      }),
    );
  });
});
