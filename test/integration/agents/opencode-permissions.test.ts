import type { EffectivePermissions } from "@/lib/permissions/schema";
import { startChatCompletionsApi } from "@/test/support/chat-completions-api";
import { opencodeEnv } from "@/test/integration/agents/support/agent-envs";
import { useAgentSuite } from "@/test/integration/agents/support/agent-suite";
import { expectRan, expectRefused, policy, probe } from "@/test/integration/agents/support/tool-probe";

// The real opencode (1.18.33) under Arbor's permission policies
// (server/agents/opencode/opencode-permissions.ts: OPENCODE_PERMISSION and
// --auto), its model scripted to call its bash tool once.

jest.setTimeout(90_000);

const suite = useAgentSuite(
  "opencode",
  () => startChatCompletionsApi(),
  (api) => opencodeEnv(api),
);

const bash = (permissions: EffectivePermissions, others?: Record<string, string>) =>
  probe(suite, "bash", (command) => ({ command, description: "probe" }), permissions, others);

describe("opencode under a permission policy", () => {
  it("edits: file tools but no bash and no web; a bash call anyway is refused and the run goes on", async () => {
    const result = await bash(policy("edits"));
    expect(result.offered).toEqual(expect.arrayContaining(["edit", "write", "read"]));
    for (const tool of ["bash", "webfetch", "task"]) expect(result.offered).not.toContain(tool);
    expectRefused(result, /unavailable tool/);
    expect(result.run.exit).toMatchObject({ ok: true, exitCode: 0 });
  });

  it("edits with allow Bash(node -e:*): that command runs, and only that one", async () => {
    const result = await bash(policy("edits", { allow: ["Bash(node -e:*)"] }), { other: "node -p 6*7" });
    expectRan(result);
    expectRefused(result, /rule which prevents you from using this specific tool call/, "other");
  });

  it("trusted runs commands; a deny rule still refuses its command", async () => {
    const result = await bash(policy("trusted", { deny: ["Bash(node -p:*)"] }), { other: "node -p 6*7" });
    expectRan(result);
    expectRefused(result, /rule which prevents you from using this specific tool call/, "other");
  });
});
