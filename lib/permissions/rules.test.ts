import { firstMatch, parseRule, parseRules, ruleMatches } from "@/lib/permissions/rules";
import { permissionPolicySchema } from "@/lib/permissions/schema";

const rule = (text: string) => {
  const parsed = parseRule(text);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.rule;
};

describe("parseRule", () => {
  it.each([
    ["Bash", { tool: "Bash", specifier: null }],
    ["  Bash(npm test:*) ", { tool: "Bash", specifier: "npm test:*" }],
    ["Edit(src/**)", { tool: "Edit", specifier: "src/**" }],
    ["mcp__arbor__*", { tool: "mcp__arbor__*", specifier: null }],
    ["WebFetch(domain:example.com)", { tool: "WebFetch", specifier: "domain:example.com" }],
    ["Bash(echo (a))", { tool: "Bash", specifier: "echo (a)" }],
  ])("reads %s", (text, expected) => {
    expect(rule(text)).toMatchObject(expected);
  });

  it.each([
    ["", "empty"],
    ["Bash(", "closing"],
    ["Bash()", "nothing between"],
    ["rm -rf /", "not a tool name"],
    ["(npm test)", "does not start with a tool name"],
    ["Bash(a)\nBash", "line break"],
    [`Bash(${"x".repeat(400)})`, "longer than"],
  ])("refuses %j with a sentence", (text, words) => {
    const parsed = parseRule(text);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.message).toContain(words);
  });
});

describe("ruleMatches", () => {
  it.each([
    ["Bash", "Bash", "anything at all", true],
    ["Bash", "Edit", "a.txt", false],
    ["Bash(npm test:*)", "Bash", "npm test", true],
    ["Bash(npm test:*)", "Bash", "npm test -- --watch", true],
    ["Bash(npm test:*)", "Bash", "npm testing", false],
    ["Bash(npm test:*)", "Bash", "npm install", false],
    ["Bash(git status)", "Bash", "git status", true],
    ["Bash(git status)", "Bash", "git status && rm -rf /", false],
    ["Edit(src/*)", "Edit", "src/a.ts", true],
    ["Edit(src/*)", "Edit", "src/deep/a.ts", false],
    ["Edit(src/**)", "Edit", "src/deep/a.ts", true],
    ["mcp__arbor__*", "mcp__arbor__search_sessions", null, true],
    ["mcp__*", "mcp__other__x", null, true],
    ["mcp__arbor__*", "mcp__other__x", null, false],
    ["Bash(npm test:*)", "Bash", null, false],
  ])("%s on %s(%s) → %s", (text, tool, argument, expected) => {
    expect(ruleMatches(rule(text), { tool, argument })).toBe(expected);
  });

  it("finds the first rule that matches, and skips stored rules that no longer parse", () => {
    const rules = parseRules(["Edit", "(bad", "Bash(npm test:*)"]);
    expect(rules.map((r) => r.text)).toEqual(["Edit", "Bash(npm test:*)"]);
    expect(firstMatch(rules, { tool: "Bash", argument: "npm test" })?.text).toBe("Bash(npm test:*)");
    expect(firstMatch(rules, { tool: "Bash", argument: "ls" })).toBeNull();
  });
});

describe("permissionPolicySchema", () => {
  it("takes a mode and rules, trimming and de-duplicating them", () => {
    expect(permissionPolicySchema.parse({ mode: "ask", allow: ["Bash(npm test:*)", " Bash(npm test:*) "] })).toEqual({
      mode: "ask",
      allow: ["Bash(npm test:*)"],
    });
  });

  it("names the malformed rule and the field", () => {
    const parsed = permissionPolicySchema.safeParse({ mode: "ask", deny: ["Bash", "rm -rf /"] });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]).toMatchObject({ path: ["deny", 1] });
    expect(parsed.error?.issues[0].message).toContain('"rm -rf /"');
  });

  it("refuses an unknown mode and unknown fields", () => {
    expect(permissionPolicySchema.safeParse({ mode: "yolo" }).error?.issues[0].message).toContain("ask, edits, plan, trusted");
    expect(permissionPolicySchema.safeParse({ mode: "ask", alow: [] }).error?.issues[0].message).toContain("Unknown field: alow");
  });
});

describe("subjectOf", () => {
  const { subjectOf } = jest.requireActual<typeof import("@/lib/permissions/subject")>("@/lib/permissions/subject");
  it.each([
    ["Bash", { command: "npm test" }, "npm test"],
    ["Edit", { file_path: "src/a.ts", old_string: "" }, "src/a.ts"],
    ["WebFetch", { url: "https://docs.example.com/x" }, "domain:docs.example.com"],
    ["WebFetch", { url: "not a url" }, null],
    ["mcp__arbor__search_sessions", { query: "x" }, null],
    ["Bash", "garbage", null],
  ])("%s %j → %s", (tool, input, argument) => {
    expect(subjectOf(tool, input)).toEqual({ tool, argument });
  });
});
