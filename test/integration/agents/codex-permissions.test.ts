import fs from "node:fs";
import path from "node:path";
import { configureAgentRegistry } from "@/server/agents/registry";
import { startResponsesApi } from "@/test/support/responses-api";
import { codexEnv } from "@/test/integration/agents/support/agent-envs";
import { useAgentSuite } from "@/test/integration/agents/support/agent-suite";
import { planFor } from "@/test/integration/agents/support/run-agent";
import { expectRan, expectRefused, policy, probe } from "@/test/integration/agents/support/tool-probe";
import type { EffectivePermissions } from "@/lib/permissions/schema";

// The real Codex CLI (0.169.0) under Arbor's permission policies
// (server/agents/codex/codex-permissions.ts), its model scripted to call its
// shell tool once.

jest.setTimeout(60_000);

const suite = useAgentSuite(
  "codex",
  () => startResponsesApi(),
  (api) => codexEnv(api),
);

// A model Codex knows, so it offers apply_patch (the agents file passes -m).
beforeEach(() => {
  const agentsFile = path.join(suite.sandbox.homeRoot, "..", "agents.json");
  fs.writeFileSync(agentsFile, JSON.stringify({ agents: { codex: { args: ["-m", "gpt-5.5"] } } }));
  configureAgentRegistry({ agentsFile });
});

const shell = (permissions: EffectivePermissions) => probe(suite, "exec_command", (cmd) => ({ cmd }), permissions);

describe("Codex under a permission policy", () => {
  it("edits: keeps apply_patch, takes the shell away; a shell call anyway is refused", async () => {
    const result = await shell(policy("edits"));
    expect(result.offered).toContain("apply_patch");
    expect(result.offered).not.toContain("exec_command");
    expect(result.offered).not.toContain("web_search");
    expectRefused(result, /unsupported call: exec_command/);
    expect(result.run.outcome).toMatchObject({ interrupted: false, result: { isError: false } });
  });

  it("trusted: the command runs", async () => {
    expectRan(await shell(policy("trusted")));
  });

  it("edits with allow Bash: the command runs (in Codex's workspace sandbox)", async () => {
    const result = await shell(policy("edits", { allow: ["Bash"] }));
    expectRan(result);
    expect(result.run.plan.permissionNotes).toEqual([expect.stringContaining("workspace-write sandbox")]);
  });

  it("trusted with deny Bash: no shell", async () => {
    const result = await shell(policy("trusted", { deny: ["Bash"] }));
    expect(result.offered).not.toContain("exec_command");
    expectRefused(result, /unsupported call: exec_command/);
  });

  it("refuses, before anything runs, a per-command deny rule it cannot enforce", async () => {
    const plan = await planFor("codex", { mode: { kind: "new" }, prompt: "x", permissions: policy("trusted", { deny: ["Bash(rm:*)"] }) }, suite.sandbox.env, {
      homeRoot: suite.sandbox.homeRoot,
    });
    expect(plan).toMatchObject({ ok: false, code: "agent_unsupported", message: expect.stringContaining('deny rule "Bash(rm:*)"') });
    expect(suite.api.requests).toHaveLength(0);
  });
});
