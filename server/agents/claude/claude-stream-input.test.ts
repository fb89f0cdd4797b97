import fs from "node:fs";
import path from "node:path";
import { claudeStreamInput } from "@/server/agents/claude/claude-stream-input";

// Lines a real Claude Code 2.1.330 printed in streaming-input mode, against the
// Messages-API stand-in: turn A (a tool call), B sent while A's tool ran
// (folded into A: started and completed inside it), C after A (its own turn),
// D (its own turn). Recorded with --replay-user-messages; uuids are ours.
const lines = fs.readFileSync(path.join(__dirname, "__fixtures__/stream-input-2.1.330.jsonl"), "utf8").trim().split("\n");
const A = "aaaaaaaa-0000-4000-8000-000000000001";
const B = "bbbbbbbb-0000-4000-8000-000000000002";
const C = "cccccccc-0000-4000-8000-000000000003";

describe("claudeStreamInput", () => {
  it("writes one user message per line, named by our uuid", () => {
    const line = claudeStreamInput.userMessage('say "hi"\nthen stop', A);
    expect(line.endsWith("\n")).toBe(true);
    expect(line.slice(0, -1)).not.toContain("\n");
    expect(JSON.parse(line)).toEqual({
      type: "user",
      message: { role: "user", content: 'say "hi"\nthen stop' },
      parent_tool_use_id: null,
      session_id: "",
      uuid: A,
    });
    expect(JSON.parse(claudeStreamInput.interrupt("r1"))).toEqual({ type: "control_request", request_id: "r1", request: { subtype: "interrupt" } });
  });

  it("warms a waiting process up with a request it answers outside any turn, and knows that answer", () => {
    expect(JSON.parse(claudeStreamInput.warmUp!("w1"))).toEqual({
      type: "control_request",
      request_id: "w1",
      request: { subtype: "get_context_usage", detail: "summary" },
    });
    // The answer's opening as Claude Code 2.1.330 printed it.
    const answer =
      '{"type":"control_response","response":{"subtype":"success","request_id":"w1","response":{"categories":[{"id":"system_prompt","tokens":2335}]}}}';
    expect(claudeStreamInput.answers!(answer, "w1")).toBe(true);
    expect(claudeStreamInput.answers!(answer, "w2")).toBe(false);
    expect(claudeStreamInput.answers!(answer.replace("w1", "w10"), "w1")).toBe(false);
    // A turn's lines are never taken for it, even one quoting the id.
    expect(claudeStreamInput.answers!('{"type":"assistant","message":{"content":[{"type":"text","text":"\\"request_id\\":\\"w1\\""}]}}', "w1")).toBe(false);
    for (const line of lines) expect(claudeStreamInput.answers!(line, A)).toBe(false);
    // Nor is it a turn boundary.
    expect(claudeStreamInput.classify(answer)).toBeNull();
  });

  it("primes a waiting process with a message that asks the model nothing, whose lines end at its own completion", () => {
    expect(JSON.parse(claudeStreamInput.prime!("p1"))).toEqual({
      type: "user",
      message: { role: "user", content: [] },
      parent_tool_use_id: null,
      session_id: "",
      shouldQuery: false,
      uuid: "p1",
    });
    // What Claude Code 2.1.330 printed for it (trimmed): started and completed name it; its result is a turn's end shape.
    expect(claudeStreamInput.classify('{"type":"command_lifecycle","command_uuid":"p1","state":"started","uuid":"x"}')).toEqual({ started: "p1" });
    expect(claudeStreamInput.classify('{"is_error":false,"duration_api_ms":0,"num_turns":0,"type":"result","total_cost_usd":0}')).toEqual({
      turnEnded: { totalCostUsd: 0 },
    });
    expect(claudeStreamInput.classify('{"type":"command_lifecycle","command_uuid":"p1","state":"completed","uuid":"y"}')).toEqual({ completed: "p1" });
  });

  it("asks a waiting process for its session and reads the id from the answer", () => {
    expect(JSON.parse(claudeStreamInput.askSession!("s1"))).toEqual({ type: "control_request", request_id: "s1", request: { subtype: "get_status" } });
    // As Claude Code 2.1.330 answered it (rows trimmed).
    const answer =
      '{"type":"control_response","response":{"subtype":"success","request_id":"s1","response":{"sections":[{"title":"Session","rows":[{"label":"Version","value":"2.1.330"},{"label":"Session ID","value":"acaef395-5e0d-4620-83fe-2c8d0210ff98"},{"label":"cwd","value":"/tmp/x"}]},{"title":"Environment","rows":[{"label":"Model","value":"claude-opus-5-5"}]}]}}}';
    expect(claudeStreamInput.answers!(answer, "s1")).toBe(true);
    expect(claudeStreamInput.sessionIn!(answer)).toBe("acaef395-5e0d-4620-83fe-2c8d0210ff98");
    // Anything else names no session.
    for (const other of [
      '{"type":"control_response","response":{"subtype":"error","request_id":"s1","error":"unknown"}}',
      "not json",
      "[]",
      '{"response":{"response":{"sections":[{"rows":[{"label":"Session ID","value":7}]}]}}}',
    ])
      expect(claudeStreamInput.sessionIn!(other)).toBeNull();
  });

  it("reads the turn boundaries of a recorded session: starts, ends, session, the running cost", () => {
    const signals = lines.map((line) => claudeStreamInput.classify(line)).filter((s) => s !== null);
    const order = signals.map((s) =>
      s.started ? `started ${s.started.slice(0, 1)}` : s.completed ? `completed ${s.completed.slice(0, 1)}` : s.sessionId ? "init" : "result",
    );
    // B starts and completes inside A (before A's result): folded into A. C is a turn of its own.
    expect(order).toEqual([
      "started a",
      "init",
      "started b",
      "completed b",
      "result",
      "completed a",
      "started c",
      "init",
      "result",
      "completed c",
      "started d",
      "init",
      "result",
      "completed d",
    ]);
    const sessions = new Set(signals.flatMap((s) => (s.sessionId ? [s.sessionId] : [])));
    expect(sessions.size).toBe(1);
    const totals = signals.flatMap((s) => (s.turnEnded ? [s.turnEnded.totalCostUsd] : []));
    // The CLI reports the process's running total: it only grows.
    expect(totals.every((t, i) => t !== null && (i === 0 || t > totals[i - 1]!))).toBe(true);
    expect(signals.some((s) => s.started === B)).toBe(true);
    expect(signals.some((s) => s.completed === C)).toBe(true);
  });

  it("ignores everything else, including text that merely mentions the markers", () => {
    expect(claudeStreamInput.classify('{"type":"assistant","message":{"content":[{"type":"text","text":"{\\"type\\":\\"result\\"}"}]}}')).toBeNull();
    expect(claudeStreamInput.classify("not json at all")).toBeNull();
    expect(claudeStreamInput.classify('{"type":"command_lifecycle","command_uuid":"x","state":"queued"}')).toBeNull();
    // An error or an interrupt ends the message "cancelled": still its end.
    expect(claudeStreamInput.classify('{"type":"command_lifecycle","command_uuid":"x","state":"cancelled"}')).toEqual({ completed: "x" });
  });
});
