import { randomUUID } from "node:crypto";
import type { EffectivePermissions } from "@/lib/permissions/schema";
import { getAgentDefinition } from "@/server/agents/registry";
import type { ApprovalSignal } from "@/server/agents/types";
import { spawnAgentProcess } from "@/server/runner/agent-io/agent-process";
import { startChatCompletionsApi } from "@/test/support/chat-completions-api";
import { qwenEnv } from "@/test/integration/agents/support/agent-envs";
import { useAgentSuite } from "@/test/integration/agents/support/agent-suite";
import { planFor } from "@/test/integration/agents/support/run-agent";
import { expectRan, expectRefused, policy, probe, PROBE_COMMAND, scriptToolCalls } from "@/test/integration/agents/support/tool-probe";
import { lastToolResults } from "@/test/support/stand-in/model-api";

// The real Qwen Code (0.24.4) under Arbor's permission policies
// (server/agents/qwen/qwen-permissions.ts), its model scripted to call its
// shell tool; under `ask` it asks over stdin/stdout (qwen-approvals.ts) and
// this test answers as the runner will.

jest.setTimeout(120_000);

const suite = useAgentSuite(
  "qwen",
  () => startChatCompletionsApi(),
  (api) => qwenEnv(api),
);

const shell = (permissions: EffectivePermissions, others?: Record<string, string>) =>
  probe(suite, "run_shell_command", (command) => ({ command }), permissions, others);

describe("Qwen Code under a permission policy", () => {
  it("edits: a shell call is refused without asking", async () => {
    const result = await shell(policy("edits"));
    expectRefused(result, /permission was declined/);
    expect(result.run.outcome).toMatchObject({ interrupted: false, result: { isError: false } });
  });

  it("trusted runs commands; a deny rule still refuses its command", async () => {
    const result = await shell(policy("trusted", { deny: ["Bash(node -p:*)"] }), { other: "node -p 6*7" });
    expectRan(result);
    expectRefused(result, /denied by permission rules/, "other");
  });

  it("ask: asks over stdin for what no rule allows; an allow runs it, a deny's message reaches the model", async () => {
    const agent = getAgentDefinition("qwen")!;
    const approvals = agent.permissions!.approvals!;
    const input = agent.streamInput!;
    scriptToolCalls(suite.api, [
      { id: "probe", name: "run_shell_command", input: { command: PROBE_COMMAND } },
      { id: "asked", name: "run_shell_command", input: { command: "node -p 6*7" } },
      { id: "refused", name: "run_shell_command", input: { command: "node -p 100+1" } },
    ]);
    const prompt = "Run the probe.";
    const plan = await planFor(
      "qwen",
      { mode: { kind: "new" }, prompt, permissions: policy("ask", { allow: ["Bash(node -e:*)"] }), streamInput: true },
      suite.sandbox.env,
      { cwd: suite.sandbox.cwd, homeRoot: suite.sandbox.homeRoot },
    );
    if (!plan.ok) throw new Error(plan.message);
    expect(plan.streamInput).toEqual({ prompt });
    expect(plan.argv.some((arg) => arg.startsWith("--prompt"))).toBe(false);

    const child = spawnAgentProcess({ argv: plan.argv, cwd: suite.sandbox.cwd, env: { ...suite.sandbox.env, ...plan.env }, openStdin: true });
    const asked: ApprovalSignal[] = [];
    child.onStdoutLine((line) => {
      const request = approvals.parse(line.text);
      if (request) {
        asked.push(request);
        const allow = request.subject?.argument === "node -p 6*7";
        child.write(
          approvals.answer(request, allow ? { behavior: "allow", updatedInput: request.input } : { behavior: "deny", message: "Not now, says a person" }),
        );
      }
      if (input.classify(line.text)?.turnEnded) child.endInput();
    });
    child.write(approvals.initialize!("init-1"));
    child.write(input.userMessage(prompt, randomUUID()));
    expect(await child.wait()).toMatchObject({ ok: true, exitCode: 0 });

    // The rule's command ran without a question; the two others were asked about.
    expect(asked.map((request) => [request.kind, request.toolName, request.subject, request.suggestedRules])).toEqual([
      ["tool", "run_shell_command", { tool: "Bash", argument: "node -p 6*7" }, ["Bash(node -p 6*7)"]],
      ["tool", "run_shell_command", { tool: "Bash", argument: "node -p 100+1" }, ["Bash(node -p 100+1)"]],
    ]);
    const answered = suite.api.requests.find((request) => lastToolResults(request).length === 3)!;
    const results = Object.fromEntries(lastToolResults(answered).map((result) => [result.toolCallId, result.text]));
    expect(results.probe).toContain("42");
    expect(results.asked).toContain("42");
    expect(results.refused).toContain("Not now, says a person");
    expect(results.refused).not.toContain("101");
  });
});
