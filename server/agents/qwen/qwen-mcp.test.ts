import fs from "node:fs";
import path from "node:path";
import type { PermissionMode } from "@/lib/permissions/constants";
import { buildQwenLaunch } from "@/server/agents/qwen/build-qwen-launch";
import { normalizeQwenEvent } from "@/server/agents/qwen/normalize-qwen-event";
import { parseQwenLine } from "@/server/agents/qwen/parse-qwen-line";
import { qwenApprovals } from "@/server/agents/qwen/qwen-approvals";
import { QWEN_MCP_SERVER, qwenMcpSettings } from "@/server/agents/qwen/qwen-mcp";
import { mapQwenPermissions } from "@/server/agents/qwen/qwen-permissions";
import type { ApprovalSignal } from "@/server/agents/types";
import { recordedCapabilities, recordedContext, withoutFlags } from "@/test/support/cli-capabilities";

const BIN = "/opt/qwen/bin/qwen";
const A = "11111111-1111-4111-8111-111111111111";
const TOKEN = `arbor_mcp_${"x".repeat(43)}`;
const capabilities = recordedCapabilities(BIN, "0.24.4", { "": "qwen/__fixtures__/help-0.24.4.txt" });
const mcp = { url: "http://127.0.0.1:3000/api/mcp", token: TOKEN };
const ALL = ["search_sessions", "get_session", "get_issue", "get_spec", "list_issue_sessions", "cite", "create_issue"].map((t) => `mcp__arbor__${t}`);
const policy = (mode: PermissionMode, allow: string[] = [], deny: string[] = []) => ({ mode, allow, deny, source: "run" as const });
const HOME = { homeDir: "/homes/qwen" };
const launch = (extra: Record<string, unknown> = {}, context = recordedContext(capabilities, HOME)) => {
  const plan = buildQwenLaunch({ mode: { kind: "new", sessionId: A }, prompt: "fix it", mcp, ...extra }, context);
  if (!plan.ok) throw new Error(plan.message);
  return plan;
};
const listAfter = (argv: string[], flag: string) => {
  const at = argv.indexOf(flag);
  if (at < 0) return [];
  const end = argv.findIndex((arg, i) => i > at && arg.startsWith("-"));
  return argv.slice(at + 1, end);
};

describe("Arbor's MCP server on a Qwen Code launch", () => {
  it("names the server in the isolated home's settings, by variables only, once the runner knows a URL", () => {
    expect(qwenMcpSettings("/homes/qwen", {})).toEqual([]);
    expect(qwenMcpSettings("/homes/qwen", { ARBOR_MCP_URL: mcp.url })).toEqual([
      {
        path: "/homes/qwen/settings.json",
        merge: {
          mcpServers: {
            arbor: { httpUrl: "${ARBOR_MCP_URL}", headers: { Authorization: "Bearer ${ARBOR_MCP_TOKEN}" }, alwaysLoadTools: true },
          },
        },
      },
    ]);
    expect(JSON.stringify(QWEN_MCP_SERVER)).not.toContain("127.0.0.1");
  });

  it("allows each of Arbor's tools under every mode, the URL and token in the environment only", () => {
    for (const permissions of [undefined, policy("edits"), policy("trusted"), policy("ask")]) {
      const plan = launch({ permissions, streamInput: permissions?.mode === "ask" });
      expect(listAfter([...plan.argv, "--end"], "--allowed-tools")).toEqual(ALL);
      expect(plan.argv.join(" ")).not.toContain(TOKEN);
      expect(plan.env).toEqual({ ARBOR_MCP_URL: mcp.url, ARBOR_MCP_TOKEN: TOKEN });
    }
  });

  it("keeps one --allowed-tools list with the policy's own allows", () => {
    const plan = launch({ permissions: policy("edits", ["Bash"], ["Bash(rm:*)"]) });
    expect(plan.argv.slice(5)).toEqual(["--session-id", A, "--allowed-tools", "run_shell_command", ...ALL, "--exclude-tools", "Bash(rm *)", "--prompt=fix it"]);
  });

  it("lets a deny rule win: the tool excluded and not allowed", () => {
    const plan = launch({ permissions: policy("trusted", [], ["mcp__arbor__create_issue", "mcp__arbor__get_*"]) });
    const excluded = ["mcp__arbor__create_issue", "mcp__arbor__get_session", "mcp__arbor__get_issue", "mcp__arbor__get_spec"];
    expect(listAfter(plan.argv, "--allowed-tools")).toEqual(ALL.filter((t) => !excluded.includes(t)));
    expect(listAfter(plan.argv, "--exclude-tools")).toEqual(excluded);
    expect(mapQwenPermissions(policy("edits", [], ["mcp__arbor"]))).toMatchObject({ ok: true, args: [["--exclude-tools", ...ALL]] });
    expect(mapQwenPermissions(policy("edits", [], ["mcp__arbor__cite(SESS-1)"]))).toMatchObject({
      args: [["--exclude-tools", "mcp__arbor__cite"]],
      notes: [expect.stringContaining("refuses a little more")],
    });
    // Another server's tools are still beyond Qwen's rules here.
    expect(mapQwenPermissions(policy("edits", [], ["mcp__*"]))).toMatchObject({ ok: false });
  });

  it("takes allow rules for Arbor's tools as already given, without a note", () => {
    expect(mapQwenPermissions(policy("edits", ["mcp__arbor__*"]))).toMatchObject({ ok: true, args: [], notes: [] });
  });

  it("without the server or an isolated home, removes the variables the home's entry reads, so Qwen contacts nothing", () => {
    const plan = buildQwenLaunch({ mode: { kind: "new", sessionId: A }, prompt: "fix it" }, recordedContext(capabilities));
    expect(plan.ok && plan.argv).not.toContain("--allowed-tools");
    expect(plan.ok && Object.entries(plan.env)).toEqual([
      ["ARBOR_MCP_URL", undefined],
      ["ARBOR_MCP_TOKEN", undefined],
    ]);
    const old = launch({}, recordedContext(withoutFlags(capabilities, "--allowed-tools"), HOME));
    expect(old.env.ARBOR_MCP_TOKEN).toBeUndefined();
    // An inherited home (the agents file's home: "inherit") has no entry for the server.
    expect(launch({}, recordedContext(capabilities)).env.ARBOR_MCP_TOKEN).toBeUndefined();
  });

  it("shows the recorded call and its result in the log like any tool call", () => {
    const lines = fs.readFileSync(path.join(__dirname, "__fixtures__/mcp-call-0.24.4.jsonl"), "utf8").trim().split("\n");
    const entries = lines.flatMap((line) => normalizeQwenEvent(parseQwenLine(line).event));
    expect(entries).toEqual([
      {
        type: "tool_call",
        toolUseId: "call_mcp1",
        tool: "mcp__arbor__search_sessions",
        input: { query: "login", limit: 2 },
        summary: { kind: "other", text: '{"query":"login","limit":2}' },
      },
      { type: "tool_result", toolUseId: "call_mcp1", isError: false, content: expect.stringContaining("MCPRESULT: 1 session matches") },
    ]);
  });

  it("names a live question about an MCP tool in Arbor's rule vocabulary", () => {
    const line = JSON.stringify({
      type: "control_request",
      request_id: "r1",
      request: { subtype: "can_use_tool", tool_name: "mcp__other__lookup", tool_use_id: "c1", input: { q: 1 }, permission_suggestions: [] },
    });
    expect(qwenApprovals.parse(line)).toMatchObject<Partial<ApprovalSignal>>({
      kind: "tool",
      subject: { tool: "mcp__other__lookup", argument: null },
      suggestedRules: ["mcp__other__lookup"],
    });
  });
});
