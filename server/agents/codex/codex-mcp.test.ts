import type { PermissionMode } from "@/lib/permissions/constants";
import { buildCodexLaunch } from "@/server/agents/codex/build-codex-launch";
import { mapCodexPermissions } from "@/server/agents/codex/codex-permissions";
import { recordedCapabilities, recordedContext } from "@/test/support/cli-capabilities";

const BIN = "/opt/codex/bin/codex";
const T = "01a205f0-fb95-7793-b8ac-c75449ab74cb";
const TOKEN = `arbor_mcp_${"x".repeat(43)}`;
const capabilities = recordedCapabilities(BIN, "0.169.0", {
  exec: "codex/__fixtures__/help-exec-0.169.0.txt",
  "exec resume": "codex/__fixtures__/help-exec-resume-0.169.0.txt",
  "exec fork": "codex/__fixtures__/help-exec-fork-0.169.0.txt",
});
const mcp = { url: "http://127.0.0.1:3000/api/mcp", token: TOKEN };
const policy = (mode: PermissionMode, allow: string[] = [], deny: string[] = []) => ({ mode, allow, deny, source: "run" as const });
const overrides = (argv: string[]) => argv.filter((_a, i) => argv[i - 1] === "-c");
const approvals = (tools: string[]) => tools.map((tool) => `mcp_servers.arbor.tools.${tool}.approval_mode="approve"`);
const ALL = ["search_sessions", "get_session", "get_issue", "get_spec", "list_issue_sessions", "cite", "create_issue"];

describe("Arbor's MCP server on a Codex launch", () => {
  const plan = buildCodexLaunch({ mode: { kind: "new" }, prompt: "fix it", mcp }, recordedContext(capabilities));
  if (!plan.ok) throw new Error(plan.message);

  it("attaches the server with -c overrides, each of Arbor's tools approved, the token blanked for the shell", () => {
    expect(overrides(plan.argv)).toEqual([
      'mcp_servers.arbor.url="http://127.0.0.1:3000/api/mcp"',
      'mcp_servers.arbor.bearer_token_env_var="ARBOR_MCP_TOKEN"',
      ...approvals(ALL),
      'shell_environment_policy.set.ARBOR_MCP_TOKEN=""',
    ]);
    expect(plan.argv.join(" ")).not.toMatch(/required/);
    expect(plan.argv.slice(-2)).toEqual(["--", "fix it"]);
  });

  it("keeps the token out of argv: the environment carries it", () => {
    expect(plan.argv.join(" ")).not.toContain(TOKEN);
    expect(plan.env).toEqual({ ARBOR_MCP_TOKEN: TOKEN });
    expect(plan.files).toBeUndefined();
  });

  it("attaches it before resume and fork, whose options are exec's", () => {
    const resumed = buildCodexLaunch({ mode: { kind: "continue", sessionId: T }, prompt: "more", mcp }, recordedContext(capabilities));
    if (!resumed.ok) throw new Error(resumed.message);
    expect(resumed.argv.indexOf("resume")).toBeGreaterThan(resumed.argv.indexOf('shell_environment_policy.set.ARBOR_MCP_TOKEN=""'));
  });

  it("keeps the overrides when the agents file gives -c of its own", () => {
    const withModel = buildCodexLaunch({ mode: { kind: "new" }, prompt: "go", mcp }, recordedContext(capabilities, { extraArgs: ["-c", 'model="x"'] }));
    expect(withModel.ok && overrides(withModel.argv)).toContain('mcp_servers.arbor.url="http://127.0.0.1:3000/api/mcp"');
  });

  it("takes away the tools a deny rule names, under every mode", () => {
    for (const mode of ["edits", "trusted"] as const) {
      const denied = buildCodexLaunch(
        { mode: { kind: "new" }, prompt: "go", mcp, permissions: policy(mode, [], ["mcp__arbor__create_issue"]) },
        recordedContext(capabilities),
      );
      if (!denied.ok) throw new Error(denied.message);
      const set = overrides(denied.argv);
      expect(set).toEqual(expect.arrayContaining([...approvals(ALL.slice(0, 6)), 'mcp_servers.arbor.disabled_tools=["create_issue"]']));
      expect(set).not.toContain('mcp_servers.arbor.tools.create_issue.approval_mode="approve"');
    }
  });

  it("attaches nothing without an attachment", () => {
    const none = buildCodexLaunch({ mode: { kind: "new" }, prompt: "go" }, recordedContext(capabilities));
    expect(none).toMatchObject({ ok: true, env: {} });
    expect(none.ok && none.argv.join(" ")).not.toContain("mcp_servers");
  });
});

describe("Arbor's MCP tools under a Codex permission policy", () => {
  it.each([
    ["one tool", ["mcp__arbor__cite"], ["cite"]],
    ["a glob", ["mcp__arbor__get_*"], ["get_session", "get_issue", "get_spec"]],
    ["the whole server", ["mcp__arbor"], ALL],
    ["a tool Arbor does not have", ["mcp__arbor__nothing"], []],
  ])("a deny rule on %s takes those tools away", (_name, deny, denied) => {
    expect(mapCodexPermissions(policy("edits", [], deny))).toMatchObject({ ok: true, mcpDenied: denied, notes: [] });
  });

  it("takes the whole tool away for a deny rule with a specifier, and says so", () => {
    expect(mapCodexPermissions(policy("trusted", [], ["mcp__arbor__get_session(SESS-1)"]))).toMatchObject({
      ok: true,
      mcpDenied: ["get_session"],
      notes: [expect.stringContaining('"mcp__arbor__get_session(SESS-1)" reaches Codex as the whole tool taken away')],
    });
  });

  it("still fails the launch for a deny rule reaching other servers' tools", () => {
    for (const rule of ["mcp__*", "mcp__arbor*", "mcp__github__create_issue"]) {
      expect(mapCodexPermissions(policy("edits", [], [rule]))).toMatchObject({ ok: false, message: expect.stringContaining(`deny rule "${rule}"`) });
    }
  });

  it("needs no note for an allow rule on Arbor's tools: they run without asking already", () => {
    expect(mapCodexPermissions(policy("edits", ["mcp__arbor__search_sessions", "mcp__arbor"]))).toMatchObject({ ok: true, notes: [], mcpDenied: [] });
  });
});
