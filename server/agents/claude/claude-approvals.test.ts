import { claudeApprovals } from "@/server/agents/claude/claude-approvals";

// Lines as Claude Code 2.1.330 printed them (see claude-approvals.ts).
const BASH_REQUEST = JSON.stringify({
  type: "control_request",
  request_id: "req-1",
  request: {
    subtype: "can_use_tool",
    tool_name: "Bash",
    display_name: "Bash",
    input: { command: "npm test", description: "run the tests" },
    permission_suggestions: [
      { type: "addRules", rules: [{ toolName: "Bash", ruleContent: "npm test" }], behavior: "allow", destination: "localSettings" },
      { type: "setMode", mode: "acceptEdits", destination: "session" },
    ],
    decision_reason: "This command requires approval",
    tool_use_id: "toolu_1",
  },
});

describe("claudeApprovals.parse", () => {
  it("reads a tool call waiting for a decision", () => {
    expect(claudeApprovals.parse(BASH_REQUEST)).toEqual({
      requestId: "req-1",
      kind: "tool",
      toolName: "Bash",
      input: { command: "npm test", description: "run the tests" },
      toolUseId: "toolu_1",
      suggestedRules: ["Bash(npm test)"],
      reason: "This command requires approval",
    });
  });

  it.each([
    ["AskUserQuestion", "question"],
    ["ExitPlanMode", "plan"],
    ["mcp__arbor__search_sessions", "tool"],
  ])("%s is a %s", (tool, kind) => {
    const line = JSON.stringify({
      type: "control_request",
      request_id: "r",
      request: { subtype: "can_use_tool", tool_name: tool, input: {}, requires_user_interaction: true },
    });
    expect(claudeApprovals.parse(line)).toMatchObject({ kind, toolName: tool, suggestedRules: [], reason: null, toolUseId: null });
  });

  it.each([
    ["another line", '{"type":"assistant","message":{}}'],
    ["an echoed answer", '{"type":"control_response","response":{"subtype":"success","request_id":"x","response":{"behavior":"allow"}},"note":"can_use_tool"}'],
    ["an interrupt", '{"type":"control_request","request_id":"x","request":{"subtype":"interrupt"}}'],
    ["a request without a tool", '{"type":"control_request","request_id":"x","request":{"subtype":"can_use_tool"}}'],
    ["broken JSON", '{"type":"control_request","can_use_tool'],
  ])("ignores %s", (_, line) => {
    expect(claudeApprovals.parse(line)).toBeNull();
  });
});

describe("claudeApprovals.answer", () => {
  const request = claudeApprovals.parse(BASH_REQUEST)!;
  const sent = (line: string) => {
    expect(line.endsWith("\n")).toBe(true);
    return JSON.parse(line);
  };

  it("allows with the tool's input, remembering rules for the process", () => {
    expect(sent(claudeApprovals.answer(request, { behavior: "allow", updatedInput: request.input, rememberRules: ["Bash(npm test:*)", "Edit"] }))).toEqual({
      type: "control_response",
      response: {
        subtype: "success",
        request_id: "req-1",
        response: {
          behavior: "allow",
          updatedInput: { command: "npm test", description: "run the tests" },
          updatedPermissions: [
            { type: "addRules", rules: [{ toolName: "Bash", ruleContent: "npm test:*" }, { toolName: "Edit" }], behavior: "allow", destination: "session" },
          ],
        },
      },
    });
  });

  it("leaves plan mode for acceptEdits when a plan is approved", () => {
    const answer = sent(claudeApprovals.answer({ ...request, kind: "plan" }, { behavior: "allow", updatedInput: {}, switchToMode: "ask" }));
    expect(answer.response.response.updatedPermissions).toEqual([{ type: "setMode", mode: "acceptEdits", destination: "session" }]);
  });

  it("denies with the person's message", () => {
    expect(sent(claudeApprovals.answer(request, { behavior: "deny", message: "use python" })).response.response).toEqual({
      behavior: "deny",
      message: "use python",
    });
  });
});
