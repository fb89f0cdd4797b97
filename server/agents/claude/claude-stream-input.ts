import type { StreamInputProtocol } from "@/server/agents/types";

// Claude Code's streaming input: `-p --input-format stream-json
// --output-format stream-json --replay-user-messages`, one process serving
// turn after turn (warm sessions, server/runner/warm/). Verified against
// Claude Code 2.1.330 with the Messages-API stand-in:
// - A user message is one stdin line {"type":"user","message":{"role":"user",
//   "content":…},"parent_tool_use_id":null,"session_id":"","uuid":<ours>}; on a
//   live process the CLI starts on it at once (≈ 25–35 ms to the model request).
// - Each message goes through {"type":"command_lifecycle","command_uuid":<ours>,
//   "state":"queued" | "started" | "completed"} ("cancelled" instead of
//   "completed" when the turn ended in an error: an API error, an interrupt).
//   A turn runs from its message's "started" to its end state, which follows
//   the turn's `result`.
//   A message sent while a turn runs is "started" inside that turn when the
//   CLI folds it in (at the next tool result, as "The user sent a new message
//   while you were working"; its "completed" too comes before the running
//   turn's result), or after that turn's "completed" when it runs as the next
//   turn.
// - Every turn prints its own system/init (same session id as --session-id /
//   --resume) and its own `result`: `usage`, `num_turns` and `duration_ms` are
//   the turn's, `total_cost_usd` the process's running total.
// - --replay-user-messages echoes each message as it is taken
//   ({"type":"user",…,"uuid":<ours>,"isReplay":true}); stored, it shows in the
//   log where the agent took the message.
// - Keys are not in a fixed order (a result line starts with "duration_api_ms").
// - {"type":"control_request","request_id":…,"request":{"subtype":"interrupt"}}
//   ends the running turn (result subtype error_during_execution) and keeps the
//   process; the next message works as usual.
// - Closing stdin when idle exits 0 within ≈ 25 ms; the transcript is complete
//   and `--resume` continues it. --resume of an unknown id prints "No
//   conversation found…" on stderr, a result without an init, and exits 1.
// - A process left waiting for its first message still needs ≈ 200 ms from
//   that message to its model request (≈ 45 ms for a later message): it
//   builds its tools, skills, agents and context the first time. A
//   {"type":"control_request","request_id":…,"request":{"subtype":
//   "get_context_usage","detail":"summary"}} sent ahead does most of that
//   work (≈ 140 ms left): it is answered with {"type":"control_response",
//   "response":{"subtype":"success","request_id":…,"response":{"categories":…}}},
//   writes nothing to the transcript, asks the API nothing ("summary": no
//   token counting), and the model never sees it (a `/context` message would
//   be recorded and sent to the model as context).
// - {"type":"control_request","request_id":…,"request":{"subtype":"get_status"}}
//   is answered the same way, before any message, with the session the
//   process holds: {"response":{"sections":[{"title":"Session","rows":[…,
//   {"label":"Session ID","value":<the --session-id>},…]},…]}}.
// - A user message with `"shouldQuery":false` and empty content (`[]`) asks
//   the model nothing: the CLI answers it with lifecycle queued/started, its
//   system/init, the replayed message, a `result` (num_turns 0, cost 0) and
//   lifecycle completed. It does the first turn's remaining context work
//   (the attachment pass: environment, skills, agents, deferred tools):
//   message → model request ≈ 97 ms p50 after it against ≈ 113 ms after the
//   get_context_usage request alone (bench/prestart.ts, in turns, n 20), and
//   the model's requests are the same, byte for byte (content "" would reach
//   the model as "(no content)"). It writes no transcript, even once the process is
//   closed (with a CLAUDE.md, with MCP tools): a session no run took leaves
//   nothing, so a run may still spawn in its --session-id there.

export const claudeStreamInput: StreamInputProtocol = {
  reusable: true,
  userMessage(prompt, uuid) {
    return `${JSON.stringify({ type: "user", message: { role: "user", content: prompt }, parent_tool_use_id: null, session_id: "", uuid })}\n`;
  },
  interrupt(requestId) {
    return `${JSON.stringify({ type: "control_request", request_id: requestId, request: { subtype: "interrupt" } })}\n`;
  },
  warmUp(requestId) {
    return `${JSON.stringify({ type: "control_request", request_id: requestId, request: { subtype: "get_context_usage", detail: "summary" } })}\n`;
  },
  answers(line, requestId) {
    return line.includes('"control_response"') && line.includes(`"request_id":${JSON.stringify(requestId)}`);
  },
  prime(uuid) {
    return `${JSON.stringify({ type: "user", message: { role: "user", content: [] }, parent_tool_use_id: null, session_id: "", shouldQuery: false, uuid })}\n`;
  },
  askSession(requestId) {
    return `${JSON.stringify({ type: "control_request", request_id: requestId, request: { subtype: "get_status" } })}\n`;
  },
  sessionIn(line) {
    const response = (parse(line)?.response as { response?: { sections?: unknown } } | undefined)?.response;
    const sections = Array.isArray(response?.sections) ? (response.sections as { rows?: unknown }[]) : [];
    for (const section of sections) {
      for (const row of Array.isArray(section?.rows) ? (section.rows as { label?: unknown; value?: unknown }[]) : []) {
        if (row?.label === "Session ID" && typeof row.value === "string" && row.value) return row.value;
      }
    }
    return null;
  },
  classify(line) {
    // Called on every line: only three shapes matter, so the rest are skipped without parsing.
    if (line.includes('"type":"command_lifecycle"')) {
      const value = parse(line);
      if (value?.type !== "command_lifecycle" || typeof value.command_uuid !== "string") return null;
      if (value.state === "queued") return null;
      if (value.state === "started") return { started: value.command_uuid };
      // "completed", or "cancelled" when the turn ended in an error (an API error, an interrupt).
      return { completed: value.command_uuid };
    }
    if (line.includes('"type":"result"')) {
      const value = parse(line);
      if (value?.type !== "result") return null;
      return { turnEnded: { totalCostUsd: typeof value.total_cost_usd === "number" ? value.total_cost_usd : null } };
    }
    if (line.includes('"subtype":"init"')) {
      const value = parse(line);
      return value?.type === "system" && value.subtype === "init" && typeof value.session_id === "string" ? { sessionId: value.session_id } : null;
    }
    return null;
  },
};

function parse(line: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(line);
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
