import { qwenApprovals, qwenStreamInput, qwenToolSubject } from "@/server/agents/qwen/qwen-approvals";

// Lines as Qwen Code 0.24.4 printed them (test/integration/agents/qwen-permissions.test.ts runs the real thing).
const CAN_USE_TOOL =
  '{"type":"control_request","request_id":"06e7651c-257b-4cb8-bad6-4812eb9377d5","request":{"subtype":"can_use_tool","tool_name":"run_shell_command","tool_use_id":"call_standin_2","input":{"command":"npm test"},"permission_suggestions":[{"type":"allow","label":"Allow Command","description":"Execute: npm test"},{"type":"deny","label":"Deny","description":"Block this command execution"}],"blocked_path":null}}';

describe("qwenApprovals.parse", () => {
  it("reads a can_use_tool request, with the call in Arbor's vocabulary", () => {
    expect(qwenApprovals.parse(CAN_USE_TOOL)).toEqual({
      requestId: "06e7651c-257b-4cb8-bad6-4812eb9377d5",
      kind: "tool",
      toolName: "run_shell_command",
      input: { command: "npm test" },
      toolUseId: "call_standin_2",
      suggestedRules: ["Bash(npm test)"],
      reason: null,
      subject: { tool: "Bash", argument: "npm test" },
    });
  });

  it.each([
    ["an assistant line", '{"type":"assistant","message":{"content":[{"type":"tool_use","name":"run_shell_command"}]}}'],
    ["the answer to initialize", '{"type":"control_response","response":{"subtype":"success","request_id":"init-1","response":{"subtype":"initialize"}}}'],
    ["an interrupt request", '{"type":"control_request","request_id":"r","request":{"subtype":"interrupt"}}'],
    ["a request without a tool name", '{"type":"control_request","request_id":"r","request":{"subtype":"can_use_tool"}}'],
    ["a truncated line", CAN_USE_TOOL.slice(0, 120)],
    ["text", "can_use_tool is mentioned here"],
  ])("ignores %s", (_name, line) => {
    expect(qwenApprovals.parse(line)).toBeNull();
  });

  it("tells a question from a tool", () => {
    const line = CAN_USE_TOOL.replace('"tool_name":"run_shell_command"', '"tool_name":"ask_user_question"').replace(
      '{"command":"npm test"}',
      '{"questions":[]}',
    );
    expect(qwenApprovals.parse(line)).toMatchObject({ kind: "question", suggestedRules: [], subject: { tool: "ask_user_question", argument: null } });
  });
});

describe("qwenToolSubject", () => {
  it.each([
    ["run_shell_command", { command: "git status" }, { tool: "Bash", argument: "git status" }],
    ["write_file", { file_path: "/w/a.ts", content: "x" }, { tool: "Write", argument: "/w/a.ts" }],
    ["edit", { file_path: "/w/a.ts" }, { tool: "Edit", argument: "/w/a.ts" }],
    ["web_fetch", { url: "https://docs.example.com/x", prompt: "p" }, { tool: "WebFetch", argument: "domain:docs.example.com" }],
    ["web_fetch", { url: "not a url" }, { tool: "WebFetch", argument: null }],
    ["run_shell_command", {}, { tool: "Bash", argument: null }],
    ["mcp__x__y", { a: 1 }, { tool: "mcp__x__y", argument: null }],
  ])("%s %j", (tool, input, subject) => {
    expect(qwenToolSubject(tool, input)).toEqual(subject);
  });
});

describe("qwenApprovals.answer and initialize", () => {
  const request = qwenApprovals.parse(CAN_USE_TOOL)!;

  it.each([
    ["allow", { behavior: "allow" as const, updatedInput: { command: "npm test" } }, { behavior: "allow", updatedInput: { command: "npm test" } }],
    ["deny", { behavior: "deny" as const, message: "Not now" }, { behavior: "deny", message: "Not now" }],
    [
      "allow, remembering rules (the runner remembers them: Qwen takes none)",
      { behavior: "allow" as const, updatedInput: { command: "npm test" }, rememberRules: ["Bash(npm test)"] },
      { behavior: "allow", updatedInput: { command: "npm test" } },
    ],
  ])("%s", (_name, answer, response) => {
    const line = qwenApprovals.answer(request, answer);
    expect(line.endsWith("\n")).toBe(true);
    expect(JSON.parse(line)).toEqual({ type: "control_response", response: { subtype: "success", request_id: request.requestId, response } });
  });

  it("opens the channel with the longest wait Qwen accepts", () => {
    expect(JSON.parse(qwenApprovals.initialize!("init-1"))).toEqual({
      type: "control_request",
      request_id: "init-1",
      request: { subtype: "initialize", timeout: { canUseTool: 600_000 } },
    });
    expect(qwenApprovals.maxWaitMs).toBe(600_000);
  });
});

describe("qwenStreamInput", () => {
  it("sends a user message and an interrupt as Qwen reads them", () => {
    expect(JSON.parse(qwenStreamInput.userMessage("hi", "u-1"))).toEqual({
      type: "user",
      message: { role: "user", content: "hi" },
      parent_tool_use_id: null,
      session_id: "",
      uuid: "u-1",
    });
    expect(JSON.parse(qwenStreamInput.interrupt("r-1"))).toEqual({ type: "control_request", request_id: "r-1", request: { subtype: "interrupt" } });
  });

  it.each([
    ['{"type":"system","subtype":"init","session_id":"s-1","cwd":"/w"}', { sessionId: "s-1" }],
    ['{"type":"result","subtype":"success","session_id":"s-1","is_error":false}', { turnEnded: { totalCostUsd: null } }],
    ['{"type":"assistant","message":{"content":[{"type":"text","text":"\\"type\\":\\"result\\""}]}}', null],
    ['{"type":"control_response","response":{"subtype":"success"}}', null],
  ])("classifies %s", (line, signal) => {
    expect(qwenStreamInput.classify(line)).toEqual(signal);
  });
});
