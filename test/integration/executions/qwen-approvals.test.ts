import { approvalsApi, waitForApproval } from "@/test/support/approvals-api";
import { startChatCompletionsApi } from "@/test/support/chat-completions-api";
import { api, waitForEnd } from "@/test/support/executions-api";
import { useHarness } from "@/test/support/executions-harness";
import { makeIssue } from "@/test/support/factories";
import { isToolResultTurn, lastToolResults, type ModelApi } from "@/test/support/stand-in/model-api";
import { qwenEnv } from "@/test/integration/agents/support/agent-envs";

// Live approvals are not Claude Code's alone: Qwen Code (0.24.4) asks over
// the same control protocol (server/agents/qwen/qwen-approvals.ts), and its
// turns go through the same runner — an initialize request first, the turn's
// one process closed after it (it is never kept warm).

jest.setTimeout(180_000);

const suite = useHarness();
let model: ModelApi;
const saved: Record<string, string | undefined> = {};

beforeAll(async () => {
  model = await startChatCompletionsApi();
  for (const [key, value] of Object.entries(qwenEnv(model))) {
    saved[key] = process.env[key];
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  // The model calls Qwen's shell tool once per turn (not its side calls, which offer no tools).
  model.setScript((request) => {
    if (isToolResultTurn(request))
      return {
        kind: "text",
        text: `Saw: ${lastToolResults(request)
          .map((r) => r.text)
          .join(" | ")}`,
      };
    if (request.tools.length === 0) return { kind: "text", text: "ok" };
    return { kind: "tool_use", calls: [{ name: "run_shell_command", input: { command: "node -p 6*7" } }] };
  });
  await suite.h.startRunner({ runnerId: "qwen-runner" });
});

afterAll(async () => {
  await model.close();
  for (const [key, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
});

/** What the shell call of the turn with this prompt returned to the model. */
function toolResultOf(prompt: string): string {
  const requests = model.requests.filter((r) => isToolResultTurn(r) && r.messages.some((m) => m.role === "user" && m.text.includes(prompt)));
  return lastToolResults(requests[requests.length - 1])
    .map((r) => r.text)
    .join("\n");
}

test("Qwen Code asks through Arbor; allowed for the session, its next turn does not ask", async () => {
  const issueId = (await makeIssue()).id;
  const run = (await api.create({ issueId, prompt: "qwen compute", agent: "qwen" })).body;
  const approval = await waitForApproval(run.id, 120_000);
  expect(approval).toMatchObject({
    agent: "qwen",
    kind: "tool",
    toolName: "run_shell_command",
    summary: "$ node -p 6*7",
    suggestedRules: ["Bash(node -p 6*7)"],
  });
  await approvalsApi.decide(approval.id, { decision: "allow", scope: "session" });
  const done = await waitForEnd(run.id, 120_000);
  expect(done).toMatchObject({ status: "completed", permissions: { mode: "ask", source: "agent-default" }, launch: { kind: "spawn" } });
  expect(toolResultOf("qwen compute")).toContain("42");

  const next = await waitForEnd((await api.continue(run.id, "qwen again")).body.id, 120_000);
  expect(next).toMatchObject({ status: "completed", sessionId: done.sessionId, permissions: { allow: ["Bash(node -p 6*7)"] } });
  expect(toolResultOf("qwen again")).toContain("42");
  expect((await approvalsApi.list(`status=all&executionId=${next.id}`)).body.approvals).toEqual([]);
});
