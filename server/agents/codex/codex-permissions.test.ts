import type { PermissionMode } from "@/lib/permissions/constants";
import { buildCodexLaunch } from "@/server/agents/codex/build-codex-launch";
import { mapCodexPermissions } from "@/server/agents/codex/codex-permissions";
import { recordedCapabilities, recordedContext } from "@/test/support/cli-capabilities";

const policy = (mode: PermissionMode, allow: string[] = [], deny: string[] = []) => ({ mode, allow, deny, source: "project" as const });
const NO_SHELL = ["--disable", "shell_tool"];
const NO_SEARCH = ["-c", 'web_search="disabled"'];

describe("mapCodexPermissions", () => {
  it.each([
    ["edits: workspace sandbox, no shell, no web search", policy("edits"), "workspace-write", [NO_SHELL, NO_SEARCH]],
    ["trusted: no sandbox", policy("trusted"), "danger-full-access", []],
    ["edits + allow Bash: the shell back, in the sandbox", policy("edits", ["Bash"]), "workspace-write", [NO_SEARCH]],
    ["edits + allow WebSearch", policy("edits", ["WebSearch"]), "workspace-write", [NO_SHELL]],
    ["edits + allow Edit(src/**): edits are allowed already", policy("edits", ["Edit(src/**)"]), "workspace-write", [NO_SHELL, NO_SEARCH]],
    ["trusted + deny Bash", policy("trusted", [], ["Bash"]), "danger-full-access", [NO_SHELL]],
    ["trusted + deny WebSearch", policy("trusted", [], ["WebSearch"]), "danger-full-access", [NO_SEARCH]],
    ["edits + deny Bash(rm:*): no shell anyway", policy("edits", [], ["Bash(rm:*)"]), "workspace-write", [NO_SHELL, NO_SEARCH]],
    ["allow Bash + deny Bash: deny wins", policy("edits", ["Bash"], ["Bash"]), "workspace-write", [NO_SHELL, NO_SEARCH]],
    ["edits + deny WebFetch: Codex has no fetch tool", policy("edits", [], ["WebFetch"]), "workspace-write", [NO_SHELL, NO_SEARCH]],
  ])("%s", (_name, permissions, sandbox, args) => {
    expect(mapCodexPermissions(permissions)).toMatchObject({ ok: true, sandbox, args });
  });

  it.each([
    ["a per-command deny while the shell is there", policy("trusted", [], ["Bash(rm:*)"]), 'deny rule "Bash(rm:*)"'],
    ["a per-command deny once allow Bash gave the shell back", policy("edits", ["Bash"], ["Bash(git push:*)"]), 'deny rule "Bash(git push:*)"'],
    ["a deny on edits", policy("edits", [], ["Edit"]), 'deny rule "Edit"'],
    ["a deny on reads", policy("trusted", [], ["Read(.env)"]), 'deny rule "Read(.env)"'],
    ["a deny on an MCP tool", policy("trusted", [], ["mcp__github"]), 'deny rule "mcp__github"'],
    ["a mode it cannot honour", policy("ask"), 'cannot run under the "ask" permission mode'],
  ])("fails the launch for %s", (_name, permissions, message) => {
    expect(mapCodexPermissions(permissions)).toMatchObject({ ok: false, code: "agent_unsupported", message: expect.stringContaining(message) });
  });

  it("drops per-command allow rules with a note instead of widening", () => {
    expect(mapCodexPermissions(policy("edits", ["Bash(npm test:*)"]))).toEqual({
      ok: true,
      sandbox: "workspace-write",
      args: [NO_SHELL, NO_SEARCH],
      notes: [expect.stringContaining('"Bash(npm test:*)" was not given to Codex')],
      mcpDenied: [],
    });
  });
});

describe("buildCodexLaunch with a policy", () => {
  const BIN = "/opt/codex/bin/codex";
  const capabilities = recordedCapabilities(BIN, "0.169.0", {
    exec: "codex/__fixtures__/help-exec-0.169.0.txt",
    "exec resume": "codex/__fixtures__/help-exec-resume-0.169.0.txt",
    "exec fork": "codex/__fixtures__/help-exec-fork-0.169.0.txt",
  });

  it("puts the policy's options before the subcommand", () => {
    const T = "01a205f0-fb95-7793-b8ac-c75449ab74cb";
    expect(
      buildCodexLaunch({ mode: { kind: "continue", sessionId: T }, prompt: "go", permissions: policy("edits") }, recordedContext(capabilities)),
    ).toMatchObject({
      ok: true,
      argv: [BIN, "exec", "--json", "--skip-git-repo-check", "-s", "workspace-write", ...NO_SHELL, ...NO_SEARCH, "resume", T, "--", "go"],
    });
    expect(buildCodexLaunch({ mode: { kind: "new" }, prompt: "go", permissions: policy("trusted") }, recordedContext(capabilities))).toMatchObject({
      ok: true,
      argv: [BIN, "exec", "--json", "--skip-git-repo-check", "-s", "danger-full-access", "--", "go"],
    });
  });

  it("keeps the policy's -c overrides when the agents file gives a -c of its own", () => {
    const plan = buildCodexLaunch(
      { mode: { kind: "new" }, prompt: "go", permissions: policy("edits") },
      recordedContext(capabilities, { extraArgs: ["-c", 'model_reasoning_effort="high"'], env: { ARBOR_CODEX_BASE_URL: "http://127.0.0.1:9/v1" } }),
    );
    if (!plan.ok) throw new Error(plan.message);
    expect(plan.argv.slice(6, 10)).toEqual([...NO_SHELL, ...NO_SEARCH]);
    expect(plan.argv).toContain('model_provider="arbor"');
    expect(plan.argv.slice(-4)).toEqual(["-c", 'model_reasoning_effort="high"', "--", "go"]);
  });

  it("refuses a sandbox from the agents file under a policy (it would override the person's choice)", () => {
    const plan = buildCodexLaunch(
      { mode: { kind: "new" }, prompt: "go", permissions: policy("edits") },
      recordedContext(capabilities, { extraArgs: ["--dangerously-bypass-approvals-and-sandbox"] }),
    );
    expect(plan).toMatchObject({ ok: false, code: "agent_misconfigured", message: expect.stringContaining("--dangerously-bypass-approvals-and-sandbox") });
  });
});
