import fs from "node:fs";
import path from "node:path";
import type { PermissionMode } from "@/lib/permissions/constants";
import { buildGeminiLaunch } from "@/server/agents/gemini/build-gemini-launch";
import { geminiAgent } from "@/server/agents/gemini/gemini-agent";
import { mapGeminiPermissions } from "@/server/agents/gemini/gemini-permissions";
import { normalizeGeminiEvent } from "@/server/agents/gemini/normalize-gemini-event";
import { parseGeminiLine } from "@/server/agents/gemini/parse-gemini-line";
import { recordedCapabilities, recordedContext, withoutFlags } from "@/test/support/cli-capabilities";

const BIN = "/opt/gemini/bin/gemini";
const A = "11111111-1111-4111-8111-111111111111";
const DIR = "/data/agent-homes/gemini/arbor-files";
const TOKEN = `arbor_mcp_${"x".repeat(43)}`;
const capabilities = recordedCapabilities(BIN, "0.61.0", { "": "gemini/__fixtures__/help-0.61.0.txt" });
const mcp = { url: "http://127.0.0.1:3000/api/mcp", token: TOKEN };
const ALL = ["search_sessions", "get_session", "get_issue", "get_spec", "list_issue_sessions", "cite", "create_issue"].map((t) => `mcp_arbor_${t}`);
const ALLOW_ALL = ["[[rule]]", `toolName = [${ALL.map((t) => `"${t}"`).join(", ")}]`, 'decision = "allow"', "priority = 500"].join("\n");
const policy = (mode: PermissionMode, allow: string[] = [], deny: string[] = []) => ({ mode, allow, deny, source: "run" as const });
const HOME = "/homes/gemini";
const launch = (extra: Record<string, unknown> = {}, context = recordedContext(capabilities, { filesDir: DIR, homeDir: HOME })) => {
  const plan = buildGeminiLaunch({ mode: { kind: "new", sessionId: A }, prompt: "fix it", mcp, ...extra }, context);
  if (!plan.ok) throw new Error(plan.message);
  return plan;
};
const policyOf = (plan: ReturnType<typeof launch>) => {
  const file = plan.argv[plan.argv.indexOf("--policy") + 1];
  expect(plan.files?.map((f) => f.path)).toEqual([file]);
  return plan.files![0].content;
};

describe("Arbor's MCP server on a Gemini CLI launch", () => {
  it("names the server in the isolated home's settings, by variables only, beside the auth type", () => {
    const keep = { general: { sessionRetention: { enabled: false } } };
    expect(geminiAgent.home!.settings!("/homes/gemini", { GEMINI_API_KEY: "k" })).toEqual([
      { path: "/homes/gemini/.gemini/settings.json", merge: { ...keep, security: { auth: { selectedType: "gemini-api-key" } } } },
    ]);
    expect(geminiAgent.home!.settings!("/homes/gemini", { ARBOR_MCP_URL: mcp.url })).toEqual([
      {
        path: "/homes/gemini/.gemini/settings.json",
        merge: { ...keep, mcpServers: { arbor: { httpUrl: "${ARBOR_MCP_URL}", headers: { Authorization: "Bearer ${ARBOR_MCP_TOKEN}" } } } },
      },
    ]);
    expect(geminiAgent.home!.settings!("/homes/gemini", {})).toEqual([{ path: "/homes/gemini/.gemini/settings.json", merge: keep }]);
  });

  it("allows each of Arbor's tools in the policy file, with or without a permission policy, the URL and token in the environment only", () => {
    for (const permissions of [undefined, policy("edits")]) {
      const plan = launch({ permissions });
      expect(plan.argv).toContain("auto_edit");
      expect(policyOf(plan)).toContain(ALLOW_ALL);
      expect(plan.argv.join(" ")).not.toContain(TOKEN);
      expect(plan.files![0].content).not.toContain(TOKEN);
      expect(plan.env).toEqual({ ARBOR_MCP_URL: mcp.url, ARBOR_MCP_TOKEN: TOKEN });
    }
    // yolo offers and runs MCP tools already: no file is needed for them.
    expect(launch({ permissions: policy("trusted") }).argv).not.toContain("--policy");
  });

  it("keeps the agents file's approval mode on a run without a permission policy", () => {
    const plan = launch({}, recordedContext(capabilities, { filesDir: DIR, homeDir: HOME, extraArgs: ["--approval-mode", "yolo"] }));
    expect(plan.argv).toContain("yolo");
  });

  it("lets a deny rule win: a deny at the higher priority, in every mode", () => {
    for (const mode of ["edits", "trusted"] as const) {
      const content = policyOf(launch({ permissions: policy(mode, [], ["mcp__arbor__create_issue", "mcp__arbor__get_*"]) }));
      expect(content).toContain(
        ["[[rule]]", 'toolName = ["mcp_arbor_get_session", "mcp_arbor_get_issue", "mcp_arbor_get_spec"]', 'decision = "deny"', "priority = 999"].join("\n"),
      );
      expect(content).toContain(["[[rule]]", 'toolName = "mcp_arbor_create_issue"', 'decision = "deny"', "priority = 999"].join("\n"));
    }
    expect(mapGeminiPermissions(policy("edits", [], ["mcp__arbor__cite(SESS-1)"]), DIR)).toMatchObject({
      ok: true,
      notes: [expect.stringContaining("refuses a little more")],
    });
    expect(mapGeminiPermissions(policy("edits", [], ["mcp__*"]), DIR)).toMatchObject({ ok: false });
  });

  it("takes allow rules for Arbor's tools as already given, without a note", () => {
    expect(mapGeminiPermissions(policy("edits", ["mcp__arbor__*"]), DIR)).toMatchObject({ ok: true, notes: [] });
  });

  it("without the server or an isolated home, removes the variables the home's entry reads, and writes no file for it", () => {
    const plan = buildGeminiLaunch({ mode: { kind: "new", sessionId: A }, prompt: "fix it" }, recordedContext(capabilities, { filesDir: DIR }));
    expect(plan.ok && plan.argv).not.toContain("--policy");
    expect(plan.ok && Object.entries(plan.env)).toEqual([
      ["ARBOR_MCP_URL", undefined],
      ["ARBOR_MCP_TOKEN", undefined],
    ]);
    const old = launch({}, recordedContext(withoutFlags(capabilities, "--policy"), { filesDir: DIR, homeDir: HOME }));
    expect(old.env.ARBOR_MCP_TOKEN).toBeUndefined();
    // An inherited home (the agents file's home: "inherit") has no entry for the server.
    const inherited = launch({}, recordedContext(capabilities, { filesDir: DIR }));
    expect([inherited.env.ARBOR_MCP_TOKEN, inherited.argv.includes("--policy")]).toEqual([undefined, false]);
  });

  it("shows the recorded call and its result in the log like any tool call", () => {
    const lines = fs.readFileSync(path.join(__dirname, "__fixtures__/mcp-call-0.61.0.jsonl"), "utf8").trim().split("\n");
    const entries = lines.flatMap((line) => normalizeGeminiEvent(parseGeminiLine(line).event));
    expect(entries).toEqual([
      {
        type: "tool_call",
        toolUseId: "mcp_arbor_search_sessions__call_mcp1",
        tool: "mcp_arbor_search_sessions",
        input: { query: "login", limit: 2 },
        summary: { kind: "other", text: '{"query":"login","limit":2}' },
      },
      {
        type: "tool_result",
        toolUseId: "mcp_arbor_search_sessions__call_mcp1",
        isError: false,
        content: expect.stringContaining("MCPRESULT: 1 session matches"),
      },
    ]);
  });
});
