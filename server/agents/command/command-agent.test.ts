import fc from "fast-check";
import { buildCommandLaunch } from "@/server/agents/command/build-command-launch";
import { normalizeCommandEvent } from "@/server/agents/command/normalize-command-event";
import { parseCommandLine } from "@/server/agents/command/parse-command-line";

const context = (env: Record<string, string | undefined> = {}) => ({ binaryPath: "/usr/bin/my-agent", capabilities: null, env });

describe("command agent", () => {
  it("runs the binary with the configured leading args and the prompt last", () => {
    expect(buildCommandLaunch({ mode: { kind: "new" }, prompt: "-n do it" }, context({ ARBOR_COMMAND_ARGS: '["--flag","two words"]' }))).toEqual({
      ok: true,
      argv: ["/usr/bin/my-agent", "--flag", "two words", "-n do it"],
      env: {},
      expectedSessionId: null,
    });
    expect(buildCommandLaunch({ mode: { kind: "new" }, prompt: "p" }, context())).toMatchObject({ ok: true, argv: ["/usr/bin/my-agent", "p"] });
  });

  it("reports bad ARBOR_COMMAND_ARGS as misconfiguration", () => {
    for (const raw of ["not json", '"--x"', '["a", 1]', "{}"]) {
      expect(buildCommandLaunch({ mode: { kind: "new" }, prompt: "p" }, context({ ARBOR_COMMAND_ARGS: raw }))).toMatchObject({
        ok: false,
        code: "agent_misconfigured",
      });
    }
  });

  it("cannot continue or fork: it has no sessions", () => {
    const id = "11111111-1111-4111-8111-111111111111";
    expect(buildCommandLaunch({ mode: { kind: "continue", sessionId: id }, prompt: "p" }, context())).toMatchObject({ ok: false, code: "agent_unsupported" });
    expect(buildCommandLaunch({ mode: { kind: "fork", fromSessionId: id }, prompt: "p" }, context())).toMatchObject({ ok: false, code: "agent_unsupported" });
  });

  it("takes no model: a launch naming one fails instead of running without it", () => {
    expect(buildCommandLaunch({ mode: { kind: "new" }, prompt: "p", model: "gpt-5.5" }, context())).toMatchObject({ ok: false, code: "agent_unsupported" });
  });

  it("turns every stdout line into plain text", () => {
    expect(parseCommandLine("hello")).toEqual({ event: { kind: "text", payload: { text: "hello" } }, signals: {} });
    expect(parseCommandLine('{"type":"system","subtype":"init","session_id":"x"}').signals).toEqual({});
    expect(normalizeCommandEvent(parseCommandLine("hello").event)).toEqual([{ type: "text", text: "hello" }]);
    expect(normalizeCommandEvent(parseCommandLine("cut", { truncated: true }).event)).toEqual([{ type: "text", text: "cut" }]);
  });

  it("never throws on stored garbage (property)", () => {
    fc.assert(fc.property(fc.string(), fc.anything(), (kind, payload) => expect(Array.isArray(normalizeCommandEvent({ kind, payload }))).toBe(true)));
  });
});
