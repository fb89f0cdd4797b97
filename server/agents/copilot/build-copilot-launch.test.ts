import fc from "fast-check";
import { buildCopilotLaunch } from "@/server/agents/copilot/build-copilot-launch";
import { recordedCapabilities, recordedContext } from "@/test/support/cli-capabilities";

const BIN = "/opt/copilot/bin/copilot";
const A = "11111111-1111-4111-8111-111111111111";
const capabilities = recordedCapabilities(BIN, "1.0.102", { "": "copilot/__fixtures__/help-1.0.102.txt" });
const context = (overrides = {}) => recordedContext(capabilities, { homeDir: "/h/copilot", runId: "r1", ...overrides });
const BASE = [BIN, "--output-format", "json", "--allow-all-tools", "--no-ask-user", "--no-auto-update"];
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
