import fc from "fast-check";
import { buildCopilotLaunch } from "@/server/agents/copilot/build-copilot-launch";
import { recordedCapabilities, recordedContext } from "@/test/support/cli-capabilities";

const BIN = "/opt/copilot/bin/copilot";
const A = "11111111-1111-4111-8111-111111111111";
const capabilities = recordedCapabilities(BIN, "1.0.102", { "": "copilot/__fixtures__/help-1.0.102.txt" });
const context = (overrides = {}) => recordedContext(capabilities, { homeDir: "/h/copilot", runId: "r1", ...overrides });
const BASE = [BIN, "--output-format", "json", "--allow-all-tools", "--no-ask-user", "--no-auto-update", "--disable-client-telemetry"];
const USAGE = ["--usage-output-file", "/h/copilot/usage-r1.json"];

describe("buildCopilotLaunch", () => {
  it("names every new session itself (the stream names it only at the end) and asks for the usage file", () => {
    expect(buildCopilotLaunch({ mode: { kind: "new", sessionId: A }, prompt: "hi" }, context())).toEqual({
      ok: true,
      argv: [...BASE, "--session-id", A, ...USAGE, "--prompt=hi"],
      env: {},
      expectedSessionId: A,
      usageFile: "/h/copilot/usage-r1.json",
    });
  });

  it("resumes by full UUID only, continues the latest, and cannot fork", () => {
    expect(buildCopilotLaunch({ mode: { kind: "continue", sessionId: A }, prompt: "p" }, context())).toMatchObject({
      argv: [...BASE, "--resume", A, ...USAGE, "--prompt=p"],
      expectedSessionId: A,
    });
    expect(buildCopilotLaunch({ mode: { kind: "continue", sessionId: "11111111" }, prompt: "p" }, context())).toMatchObject({
      ok: false,
      code: "invalid_launch",
    });
    expect(buildCopilotLaunch({ mode: { kind: "continue-latest" }, prompt: "p" }, context())).toMatchObject({
      argv: [...BASE, "--continue", ...USAGE, "--prompt=p"],
    });
    expect(buildCopilotLaunch({ mode: { kind: "fork", fromSessionId: A }, prompt: "p" }, context())).toMatchObject({ ok: false, code: "agent_unsupported" });
  });

  it("writes no usage file without a home of its own", () => {
    const plan = buildCopilotLaunch({ mode: { kind: "new" }, prompt: "p" }, context({ homeDir: null }));
    expect(plan).toMatchObject({ ok: true, argv: [...BASE, "--prompt=p"] });
    expect(plan.ok && plan.usageFile).toBeUndefined();
  });

  it.each([
    ["a new session", { kind: "new" as const, sessionId: A }, ["--session-id", A]],
    ["a resume", { kind: "continue" as const, sessionId: A }, ["--resume", A]],
    ["--continue", { kind: "continue-latest" as const }, ["--continue"]],
  ])("passes the person's model as --model <model> for %s (issue 26)", (_name, mode, session) => {
    expect(buildCopilotLaunch({ mode, prompt: "p", model: "gpt-5.4" }, context())).toMatchObject({
      ok: true,
      argv: [...BASE, "--model", "gpt-5.4", ...session, ...USAGE, "--prompt=p"],
    });
    expect(buildCopilotLaunch({ mode, prompt: "p" }, context())).toMatchObject({ ok: true, argv: [...BASE, ...session, ...USAGE, "--prompt=p"] });
  });

  it("refuses a model its --help does not offer (when it lists choices), and any model on a Copilot CLI without --model", () => {
    const listed = { ...capabilities, choices: new Map([...capabilities.choices, ["--model", ["auto", "gpt-5.4"]]]) };
    expect(buildCopilotLaunch({ mode: { kind: "new", sessionId: A }, prompt: "p", model: "gpt-5.4" }, context({ capabilities: listed }))).toMatchObject({
      ok: true,
    });
    expect(buildCopilotLaunch({ mode: { kind: "new", sessionId: A }, prompt: "p", model: "o3" }, context({ capabilities: listed }))).toEqual({
      ok: false,
      code: "invalid_launch",
      message: 'This Copilot CLI has no model "o3" (its --model takes auto, gpt-5.4)',
    });
    const old = { ...capabilities, flags: new Set([...capabilities.flags].filter((flag) => flag !== "--model")) };
    expect(buildCopilotLaunch({ mode: { kind: "new", sessionId: A }, prompt: "p", model: "gpt-5.4" }, context({ capabilities: old }))).toEqual({
      ok: false,
      code: "agent_unsupported",
      message: "This Copilot CLI cannot choose a model: its --help does not list --model",
      missingFlags: ["--model"],
    });
  });

  it("keeps any prompt glued to --prompt (property)", () => {
    fc.assert(
      fc.property(fc.string(), (prompt) => {
        const plan = buildCopilotLaunch({ mode: { kind: "continue", sessionId: A }, prompt }, context());
        if (!plan.ok) throw new Error(plan.message);
        expect(plan.argv.at(-1)).toBe(`--prompt=${prompt}`);
        expect(plan.argv.slice(0, -1)).toEqual([...BASE, "--resume", A, ...USAGE]);
      }),
    );
  });
});
