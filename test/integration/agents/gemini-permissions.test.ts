import fs from "node:fs";
import path from "node:path";
import type { EffectivePermissions } from "@/lib/permissions/schema";
import { startGeminiApi } from "@/test/support/gemini-api";
import { geminiEnv } from "@/test/integration/agents/support/agent-envs";
import { useAgentSuite } from "@/test/integration/agents/support/agent-suite";
import { expectRan, expectRefused, policy, probe } from "@/test/integration/agents/support/tool-probe";

// The real Gemini CLI (0.61.0) under Arbor's permission policies
// (server/agents/gemini/gemini-permissions.ts: an approval mode and a policy
// file of its policy engine), its model scripted to call its shell tool once.

jest.setTimeout(90_000);

const suite = useAgentSuite(
  "gemini",
  () => startGeminiApi(),
  (api, { root }) => geminiEnv(api, root),
);

const shell = (permissions: EffectivePermissions, others?: Record<string, string>) =>
  probe(suite, "run_shell_command", (command) => ({ command }), permissions, others);

describe("Gemini CLI under a permission policy", () => {
  it("edits: file tools but no shell and no web; a shell call anyway is refused", async () => {
    const result = await shell(policy("edits"));
    expect(result.offered).toEqual(expect.arrayContaining(["write_file", "replace"]));
    for (const tool of ["run_shell_command", "web_fetch", "google_web_search"]) expect(result.offered).not.toContain(tool);
    expectRefused(result, /run_shell_command\W+ not found/);
    // The policy file is Arbor's own, beside the agent's home, named by its content.
    const policyArg = result.run.plan.argv[result.run.plan.argv.indexOf("--policy") + 1];
    expect(path.dirname(policyArg)).toBe(path.join(suite.sandbox.homeRoot, "gemini", "arbor-files"));
    expect(fs.readFileSync(policyArg, "utf8")).toContain('toolName = ["web_fetch", "google_web_search"]');
  });

  it("edits with allow Bash(node -e:*): that command runs, and only that one", async () => {
    const result = await shell(policy("edits", { allow: ["Bash(node -e:*)"] }), { other: "node -p 6*7" });
    expectRan(result);
    expectRefused(result, /denied by policy/, "other");
  });

  it("trusted runs commands; a deny rule still refuses its command", async () => {
    const result = await shell(policy("trusted", { deny: ["Bash(node -p:*)"] }), { other: "node -p 6*7" });
    expectRan(result);
    expectRefused(result, /denied by policy|denies it/, "other");
  });
});
