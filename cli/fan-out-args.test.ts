import { parseCliArgs } from "./args";
import { parseAgentsOption } from "./fan-out-args";

function ok(argv: string[]) {
  const r = parseCliArgs(argv);
  if (!r.ok) throw new Error(`expected ok, got: ${r.message}`);
  return r.command;
}
function bad(argv: string[]): string {
  const r = parseCliArgs(argv);
  if (r.ok) throw new Error(`expected a usage error for ${JSON.stringify(argv)}`);
  return r.message;
}

describe("--agents (a fan-out's members)", () => {
  it("reads agent[:model], the model taking everything after the first colon", () => {
    expect(parseAgentsOption("claude, codex:gpt-5.5 ,gemini:gemini-2.5-pro,opencode:anthropic/claude-sonnet-4-5,qwen:a:b")).toEqual({
      ok: true,
      value: [
        { agent: "claude" },
        { agent: "codex", model: "gpt-5.5" },
        { agent: "gemini", model: "gemini-2.5-pro" },
        { agent: "opencode", model: "anthropic/claude-sonnet-4-5" },
        { agent: "qwen", model: "a:b" },
      ],
    });
    // The same agent twice is a fair comparison (two tries, or two models).
    expect(parseAgentsOption("claude,claude:opus")).toMatchObject({ ok: true });
  });

  it.each([
    ["", /needs a comma-separated list/],
    ["  ", /needs a comma-separated list/],
    ["claude,,codex", /member 2 is empty/],
    ["claude,", /member 2 is empty/],
    [":sonnet,codex", /member 1 ":sonnet" names no agent/],
    ["claude:,codex", /member 1 "claude:" has an empty model/],
    ["claude code,codex", /"claude code" is not an agent name/],
    ["anthropic/claude,codex", /"anthropic\/claude" is not an agent name/],
    ["claude:so nnet,codex", /member 1 \(claude\): model may hold/],
    ["claude", /at least 2 members.*--agent NAME/],
    ["a,b,c,d,e,f,g,h,i", /at most 8 members \(got 9\)/],
  ])("refuses %j", (raw, message) => {
    const r = parseAgentsOption(raw);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message).toMatch(message);
  });

  it("arbor run --agents: a fan-out with the project and start ref, before any request", () => {
    expect(ok(["run", "ISSUE-1", "fix it", "--agents", "claude,codex:gpt-5.5", "--from", "v1", "-p", "PROJ-2", "--follow"])).toMatchObject({
      name: "run",
      issueId: "ISSUE-1",
      runs: [{ agent: "claude" }, { agent: "codex", model: "gpt-5.5" }],
      from: "v1",
      project: "PROJ-2",
      follow: true,
    });
    expect(bad(["run", "ISSUE-1", "x", "--agents", "claude"])).toMatch(/at least 2/);
    expect(bad(["run", "ISSUE-1", "x", "--agents", "claude,codex", "--agent", "gemini"])).toMatch(/--agents and --agent do not go together/);
    expect(bad(["run", "ISSUE-1", "x", "--agents", "claude,codex", "--model", "m"])).toMatch(/as agent:model/);
    expect(bad(["run", "ISSUE-1", "x", "--agents", "claude,codex", "--cwd", "d"])).toMatch(/--cwd does not go with --agents/);
    expect(bad(["run", "ISSUE-1", "x", "--agents", "claude,codex", "--shared-directory"])).toMatch(/--shared-directory does not go with --agents/);
    expect(bad(["run", "ISSUE-1", "x", "--agents", "claude,codex", "--session", "SESS-1"])).toMatch(/--agents does not go with --session/);
  });

  it("arbor run --model: one run with a chosen model", () => {
    expect(ok(["run", "ISSUE-1", "fix", "--agent", "codex", "--model", "gpt-5.5"])).toMatchObject({ agent: "codex", model: "gpt-5.5" });
    expect(ok(["run", "ISSUE-1", "fix", "--model", "opus"])).toMatchObject({ model: "opus" });
    expect(bad(["run", "ISSUE-1", "fix", "--model", ""])).toMatch(/--model needs a value/);
    expect(bad(["run", "ISSUE-1", "fix", "--model=-rf /"])).toMatch(/--model: model may hold/);
  });

  it("arbor fork: another agent, another model, or a fan-out from the execution", () => {
    expect(ok(["fork", "3f2a9c1e", "try it", "--agent", "codex", "--model", "gpt-5.5"])).toMatchObject({ name: "fork", agent: "codex", model: "gpt-5.5" });
    expect(ok(["fork", "3f2a9c1e", "try it", "--model", "opus"])).toMatchObject({ name: "fork", model: "opus" });
    expect(ok(["fork", "3f2a9c1e", "try it", "--agents", "claude,gemini:gemini-2.5-pro"])).toMatchObject({
      name: "fork",
      executionId: "3f2a9c1e",
      runs: [{ agent: "claude" }, { agent: "gemini", model: "gemini-2.5-pro" }],
    });
    expect(bad(["fork", "3f2a9c1e", "x", "--agents", "claude,codex", "--fresh-session"])).toMatch(/--fresh-session does not go with --agents/);
    expect(bad(["fork", "3f2a9c1e", "x", "--agents", "a,b,c,d,e,f,g,h,i"])).toMatch(/at most 8/);
  });

  it("arbor continue refuses --agent, --agents and --model: a Continue stays with its session's agent", () => {
    for (const flags of [
      ["--agent", "codex"],
      ["--model", "m"],
      ["--agents", "a,b"],
    ]) {
      expect(bad(["continue", "3f2a9c1e", "go on", ...flags])).toMatch(/a Continue stays with its session's agent.*arbor fork 3f2a9c1e/);
    }
  });
});
