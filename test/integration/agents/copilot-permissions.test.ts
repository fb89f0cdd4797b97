import type { EffectivePermissions } from "@/lib/permissions/schema";
import { startChatCompletionsApi } from "@/test/support/chat-completions-api";
import { copilotEnv } from "@/test/integration/agents/support/agent-envs";
import { useAgentSuite } from "@/test/integration/agents/support/agent-suite";
import { expectRan, expectRefused, policy, probe } from "@/test/integration/agents/support/tool-probe";

// The real Copilot CLI (1.0.102) under Arbor's permission policies
// (server/agents/copilot/copilot-permissions.ts: --allow-tool / --deny-tool
// instead of --allow-all-tools), its model scripted to call its bash tool once.

jest.setTimeout(90_000);

const suite = useAgentSuite(
  "copilot",
  () => startChatCompletionsApi(),
  (api) => copilotEnv(api),
);

const bash = (permissions: EffectivePermissions, others?: Record<string, string>) =>
  probe(suite, "bash", (command) => ({ command, description: "probe" }), permissions, others);

describe("Copilot CLI under a permission policy", () => {
  it("edits: no --allow-all-tools, and a command is refused", async () => {
    const result = await bash(policy("edits"));
    expect(result.run.plan.argv).not.toContain("--allow-all-tools");
    expect(result.run.plan.argv).toContain("--allow-tool=write");
    expectRefused(result, /Permission denied because no interactive user response was available/);
    expect(result.run.outcome).toMatchObject({ interrupted: false, result: { isError: false } });
  });

  it("edits with allow Bash(node:*): the command runs", async () => {
    expectRan(await bash(policy("edits", { allow: ["Bash(node:*)"] })));
  });

  it("trusted runs commands; a deny rule still refuses its command", async () => {
    const result = await bash(policy("trusted", { deny: ["Bash(node -p:*)"] }), { other: "node -p 6*7" });
    expectRan(result);
    expectRefused(result, /denied due to the following rules/, "other");
  });
});
