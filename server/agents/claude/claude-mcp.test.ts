import fs from "node:fs";
import path from "node:path";
import { buildClaudeLaunch } from "@/server/agents/claude/build-claude-launch";
import { parseHelpText } from "@/server/agents/parse-help-text";
import type { LaunchContext } from "@/server/agents/types";

const help = parseHelpText(fs.readFileSync(path.join(__dirname, "__fixtures__/help-2.1.330.txt"), "utf8"));
const BIN = "/opt/claude/bin/claude";
const A = "11111111-1111-4111-8111-111111111111";
const TOKEN = `arbor_mcp_${"x".repeat(43)}`;
const context = (overrides: Partial<LaunchContext> = {}): LaunchContext => ({
  binaryPath: BIN,
  capabilities: { binaryPath: BIN, version: "2.1.330", flags: help.flags, choices: help.choices },
  env: {},
  filesDir: "/data/agents/claude/arbor-files",
  ...overrides,
});
const mcp = { url: "http://127.0.0.1:3000/api/mcp", token: TOKEN };

describe("Arbor's MCP server on a Claude Code launch", () => {
  const plan = buildClaudeLaunch({ mode: { kind: "new", sessionId: A }, prompt: "fix it", mcp }, context());
  if (!plan.ok) throw new Error(plan.message);

  it("names a config file of Arbor's and allows each of Arbor's tools", () => {
    const at = plan.argv.indexOf("--mcp-config");
    expect(plan.argv[at + 1]).toMatch(/^\/data\/agents\/claude\/arbor-files\/claude-mcp-[0-9a-f]{16}\.json$/);
    expect(plan.argv.filter((_a, i) => plan.argv[i - 1] === "--allowedTools")).toEqual([
      "mcp__arbor__search_sessions",
      "mcp__arbor__get_session",
      "mcp__arbor__get_issue",
      "mcp__arbor__get_spec",
      "mcp__arbor__list_issue_sessions",
      "mcp__arbor__cite",
      "mcp__arbor__create_issue",
    ]);
    expect(plan.argv.slice(-2)).toEqual(["--", "fix it"]);
  });

  it("keeps the token out of argv and the file: the environment carries it", () => {
    expect(plan.argv.join(" ")).not.toContain(TOKEN);
    expect(plan.env).toEqual({ ARBOR_MCP_TOKEN: TOKEN });
    const [file] = plan.files ?? [];
    expect(file.content).not.toContain(TOKEN);
    expect(JSON.parse(file.content)).toEqual({
      mcpServers: { arbor: { type: "http", url: mcp.url, headers: { Authorization: "Bearer ${ARBOR_MCP_TOKEN}" }, alwaysLoad: true } },
    });
  });

  it("writes the same file for every run to the same server", () => {
    const other = buildClaudeLaunch({ mode: { kind: "new", sessionId: A }, prompt: "other", mcp: { ...mcp, token: `arbor_mcp_${"y".repeat(43)}` } }, context());
    expect(other.ok && other.files).toEqual(plan.files);
  });

  it("attaches nothing without an attachment, or without a directory for its file", () => {
    const none = buildClaudeLaunch({ mode: { kind: "new", sessionId: A }, prompt: "fix it" }, context());
    expect(none.ok && none.argv).not.toContain("--mcp-config");
    const noDir = buildClaudeLaunch({ mode: { kind: "new", sessionId: A }, prompt: "fix it", mcp }, context({ filesDir: undefined }));
    expect(noDir.ok && noDir.env).toEqual({});
  });
});
