import type { ApprovalProtocol, ApprovalSignal } from "@/server/agents/types";

// Claude Code's live approval channel (--permission-prompt-tool stdio with
// --input-format stream-json). Verified on 2.1.330 with the Messages-API
// stand-in; no `initialize` control request is needed first:
// - A tool call its permission mode does not allow alone arrives as
//   {"type":"control_request","request_id":…,"request":{"subtype":"can_use_tool",
//   "tool_name","input","tool_use_id","permission_suggestions":[{"type":"addRules",
//   "rules":[{"toolName":"Bash","ruleContent":"npm test"}],"behavior":"allow",…}],
//   "decision_reason":"This command requires approval"}} and the CLI waits.
// - AskUserQuestion and ExitPlanMode arrive the same way with
//   "requires_user_interaction": true. ExitPlanMode's request carries an empty
//   input: the plan is in the assistant's tool_use block (the runner keeps it).
// - The host answers on stdin with {"type":"control_response","response":
//   {"subtype":"success","request_id":…,"response":{"behavior":"allow",
//   "updatedInput":…}}} — the tool runs with updatedInput, and the CLI echoes
//   the answer on stdout — or {"behavior":"deny","message":…}: the tool result
//   is an error carrying the message, and the model reads it.
// - An AskUserQuestion is answered by allowing it with updatedInput.answers
//   ({"<question>": "<label>"}): the model receives "Your questions have been
//   answered: …".
// - "updatedPermissions": [{"type":"addRules","rules":[…],"behavior":"allow",
//   "destination":"session"}] makes the process remember a rule (the same call
//   is not asked for again); [{"type":"setMode","mode":"acceptEdits",
//   "destination":"session"}] with an approved ExitPlanMode leaves plan mode.

const QUESTION_TOOL = "AskUserQuestion";
const PLAN_TOOL = "ExitPlanMode";

type Json = Record<string, unknown>;

export const claudeApprovals: ApprovalProtocol = {
  parse(line) {
    // Called on every line: only control requests are parsed.
    if (!line.includes('"can_use_tool"')) return null;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      return null;
    }
    if (!isObject(value) || value.type !== "control_request" || typeof value.request_id !== "string") return null;
    const request = isObject(value.request) ? value.request : {};
    if (request.subtype !== "can_use_tool" || typeof request.tool_name !== "string") return null;
    const toolName = request.tool_name;
    return {
      requestId: value.request_id,
      kind: toolName === QUESTION_TOOL ? "question" : toolName === PLAN_TOOL ? "plan" : "tool",
      toolName,
      input: request.input ?? {},
      toolUseId: typeof request.tool_use_id === "string" ? request.tool_use_id : null,
      suggestedRules: suggestedRules(request.permission_suggestions),
      reason: typeof request.decision_reason === "string" ? request.decision_reason : null,
    } satisfies ApprovalSignal;
  },

  answer(request, answer) {
    let response: Json;
    if (answer.behavior === "deny") {
      response = { behavior: "deny", message: answer.message };
    } else {
      const updatedPermissions: Json[] = [];
      const rules = (answer.rememberRules ?? []).flatMap(claudeRule);
      if (rules.length) updatedPermissions.push({ type: "addRules", rules, behavior: "allow", destination: "session" });
      if (answer.switchToMode)
        updatedPermissions.push({ type: "setMode", mode: answer.switchToMode === "trusted" ? "bypassPermissions" : "acceptEdits", destination: "session" });
      response = { behavior: "allow", updatedInput: answer.updatedInput ?? request.input, ...(updatedPermissions.length ? { updatedPermissions } : {}) };
    }
    return `${JSON.stringify({ type: "control_response", response: { subtype: "success", request_id: request.requestId, response } })}\n`;
  },
};

/** Claude's suggestions ("addRules" with behavior allow) as Arbor rules: "Bash(npm test)", or "Edit" for a whole tool. */
function suggestedRules(suggestions: unknown): string[] {
  if (!Array.isArray(suggestions)) return [];
  const rules: string[] = [];
  for (const suggestion of suggestions) {
    if (!isObject(suggestion) || suggestion.type !== "addRules" || suggestion.behavior !== "allow" || !Array.isArray(suggestion.rules)) continue;
    for (const rule of suggestion.rules) {
      if (!isObject(rule) || typeof rule.toolName !== "string" || !rule.toolName) continue;
      const content = typeof rule.ruleContent === "string" && rule.ruleContent.trim() ? rule.ruleContent : null;
      rules.push(content ? `${rule.toolName}(${content})` : rule.toolName);
    }
  }
  return [...new Set(rules)];
}

/** An Arbor rule as Claude's {toolName, ruleContent}. */
function claudeRule(rule: string): Json[] {
  const open = rule.indexOf("(");
  if (open < 0) return [{ toolName: rule }];
  if (!rule.endsWith(")")) return [];
  return [{ toolName: rule.slice(0, open), ruleContent: rule.slice(open + 1, -1) }];
}

function isObject(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
