import { parseRule } from "@/lib/permissions/rules";
import { checkMode, policyFlagsInExtraArgs, targetOf, withoutRules } from "@/server/agents/permission-mapping";

const target = (text: string) => {
  const parsed = parseRule(text);
  if (!parsed.ok) throw new Error(parsed.message);
  return targetOf(parsed.rule);
};

describe("targetOf", () => {
  it.each([
    ["Bash", { kind: "shell", match: "all" }],
    ["Bash(npm test:*)", { kind: "shell", match: "prefix", command: "npm test" }],
    ["Bash(git status)", { kind: "shell", match: "exact", command: "git status" }],
    ["Bash(git * main)", { kind: "shell", match: "glob", pattern: "git * main" }],
    ["Edit", { kind: "edit", path: null }],
    ["Write(src/**)", { kind: "edit", path: "src/**" }],
    ["MultiEdit", { kind: "edit", path: null }],
    ["Read", { kind: "read", tool: "Read", path: null }],
    ["Grep(src)", { kind: "read", tool: "Grep", path: "src" }],
    ["WebFetch", { kind: "fetch", domain: null, specifier: null }],
    ["WebFetch(domain:example.com)", { kind: "fetch", domain: "example.com", specifier: null }],
    ["WebFetch(https://example.com)", { kind: "fetch", domain: null, specifier: "https://example.com" }],
    ["WebSearch", { kind: "search" }],
    ["mcp__arbor__search", { kind: "other", tool: "mcp__arbor__search", specifier: null }],
    ["Task(explore)", { kind: "other", tool: "Task", specifier: "explore" }],
  ])("%s", (rule, expected) => {
    expect(target(rule)).toEqual(expected);
  });
});

describe("checkMode", () => {
  const agent = { modes: ["edits", "trusted"] as const, defaultMode: "edits" as const, rules: "mapped" as const, note: "" };
  it("passes a mode the agent lists and fails one it does not, naming both", () => {
    expect(checkMode(agent, "edits", "Codex")).toBeNull();
    expect(checkMode(agent, "ask", "Codex")).toEqual({
      ok: false,
      code: "agent_unsupported",
      message: 'Codex cannot run under the "ask" permission mode (it can: edits, trusted)',
    });
  });
});

describe("policyFlagsInExtraArgs", () => {
  it("fails on an option the policy decides, in either form, naming it", () => {
    expect(policyFlagsInExtraArgs(["-m", "gpt-5.5"], ["-s", "--sandbox"], "Codex")).toBeNull();
    expect(policyFlagsInExtraArgs(["--sandbox=danger-full-access", "-m", "x"], ["-s", "--sandbox"], "Codex")).toMatchObject({
      ok: false,
      code: "agent_misconfigured",
      message: expect.stringContaining("gives Codex --sandbox"),
    });
  });
});

describe("withoutRules", () => {
  const agent = { modes: ["edits", "trusted"] as const, defaultMode: "edits" as const, rules: "none" as const, note: "" };
  const permissions = (mode: "edits" | "trusted", allow: string[], deny: string[]) => ({ mode, allow, deny, source: "run" as const });
  it("drops allow rules with a note, unless the mode allows everything", () => {
    expect(withoutRules(agent, permissions("edits", ["Bash(npm test:*)"], []), "aider", () => false)).toEqual({
      ok: true,
      notes: [expect.stringContaining('"Bash(npm test:*)" was not given to aider')],
    });
    expect(withoutRules(agent, permissions("trusted", ["Bash"], []), "Command", () => false)).toEqual({ ok: true, notes: [] });
  });

  it("passes a deny rule the agent cannot break anyway, and fails any other", () => {
    const shellOnly = (t: { kind: string }) => t.kind === "shell";
    expect(withoutRules(agent, permissions("edits", [], ["Bash(rm:*)"]), "aider", shellOnly)).toEqual({ ok: true, notes: [] });
    expect(withoutRules(agent, permissions("edits", [], ["Edit(secrets/**)"]), "aider", shellOnly)).toMatchObject({
      ok: false,
      code: "agent_unsupported",
      message: expect.stringContaining('aider cannot enforce the deny rule "Edit(secrets/**)"'),
    });
  });
});
