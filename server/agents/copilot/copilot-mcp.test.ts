import type { PermissionMode } from "@/lib/permissions/constants";
import { buildCopilotLaunch } from "@/server/agents/copilot/build-copilot-launch";
import type { LaunchRequest } from "@/server/agents/types";
import { recordedCapabilities, recordedContext, withoutFlags } from "@/test/support/cli-capabilities";

const BIN = "/opt/copilot/bin/copilot";
const A = "11111111-1111-4111-8111-111111111111";
const TOKEN = `arbor_mcp_${"x".repeat(43)}`;
const capabilities = recordedCapabilities(BIN, "1.0.102", { "": "copilot/__fixtures__/help-1.0.102.txt" });
const context = (overrides = {}) => recordedContext(capabilities, { filesDir: "/data/agents/copilot/arbor-files", ...overrides });
const mcp = { url: "http://127.0.0.1:3000/api/mcp", token: TOKEN };
const TOOLS = ["search_sessions", "get_session", "get_issue", "get_spec", "list_issue_sessions", "cite", "create_issue"];
const ALLOWED = TOOLS.map((tool) => `--allow-tool=arbor(${tool})`);

function plan(request: Partial<LaunchRequest> = {}, overrides = {}) {
  const result = buildCopilotLaunch({ mode: { kind: "new", sessionId: A }, prompt: "fix it", mcp, ...request }, context(overrides));
  if (!result.ok) throw new Error(result.message);
  return result;
}
const policy = (mode: PermissionMode, allow: string[] = [], deny: string[] = []) => ({ mode, allow, deny, source: "run" as const });
const allowTools = (argv: string[]) => argv.filter((arg) => /^--(allow|deny)-tool=/.test(arg));

describe("Arbor's MCP server on a Copilot CLI launch", () => {
  it("names a config file of Arbor's; the token only in the environment", () => {
    const launch = plan();
    const at = launch.argv.indexOf("--additional-mcp-config");
    expect(launch.argv[at + 1]).toMatch(/^@\/data\/agents\/copilot\/arbor-files\/copilot-mcp-[0-9a-f]{16}\.json$/);
    expect(launch.argv.at(-1)).toBe("--prompt=fix it");
    expect(launch.argv.join(" ")).not.toContain(TOKEN);
    expect(launch.env).toEqual({ ARBOR_MCP_TOKEN: TOKEN });
    const [file] = launch.files ?? [];
    expect(`@${file.path}`).toBe(launch.argv[at + 1]);
    expect(file.content).not.toContain(TOKEN);
    expect(JSON.parse(file.content)).toEqual({
      mcpServers: { arbor: { type: "http", url: mcp.url, headers: { Authorization: "Bearer ${ARBOR_MCP_TOKEN}" }, tools: ["*"] } },
    });
  });

  it("writes the same file for every run to the same server, and keeps the agents file's own MCP config beside it", () => {
    expect(plan({ mcp: { ...mcp, token: `arbor_mcp_${"y".repeat(43)}` } }).files).toEqual(plan().files);
    const both = plan({}, { extraArgs: ["--additional-mcp-config", "@/home/me/more.json"] });
    expect(both.argv.filter((arg) => arg.startsWith("@"))).toEqual(["@/home/me/more.json", `@${both.files![0].path}`]);
  });

  it("edits: each of Arbor's tools allowed by name; a deny rule on one comes after and wins", () => {
    expect(allowTools(plan({ permissions: policy("edits") }).argv)).toEqual(["--allow-tool=write", ...ALLOWED]);
    expect(allowTools(plan({ permissions: policy("edits", [], ["mcp__arbor__create_issue"]) }).argv)).toEqual([
      "--allow-tool=write",
      ...ALLOWED,
      "--deny-tool=arbor(create_issue)",
    ]);
    expect(allowTools(plan({ permissions: policy("trusted", [], ["mcp__arbor__*"]) }).argv)).toEqual(["--deny-tool=arbor"]);
    // An allow rule on Arbor's tools adds nothing and is not reported as dropped.
    expect(plan({ permissions: policy("edits", ["mcp__arbor__cite"]) }).permissionNotes).toBeUndefined();
  });

  it("without a policy or under trusted every tool is allowed already", () => {
    expect(plan().argv).toContain("--allow-all-tools");
    expect(allowTools(plan().argv)).toEqual([]);
    expect(allowTools(plan({ permissions: policy("trusted") }).argv)).toEqual([]);
  });

  it("attaches nothing without an attachment, a directory for its file, or the option", () => {
    expect(plan({ mcp: undefined, permissions: policy("edits") }).argv).not.toContain("--additional-mcp-config");
    expect(allowTools(plan({ mcp: undefined, permissions: policy("edits") }).argv)).toEqual(["--allow-tool=write"]);
    expect(plan({}, { filesDir: undefined }).env).toEqual({});
    const old = plan({}, { capabilities: withoutFlags(capabilities, "--additional-mcp-config") });
    expect(old.env).toEqual({});
    expect(old.files).toBeUndefined();
  });
});
