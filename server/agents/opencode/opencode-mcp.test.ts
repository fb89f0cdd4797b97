import type { PermissionMode } from "@/lib/permissions/constants";
import { buildOpencodeLaunch } from "@/server/agents/opencode/build-opencode-launch";
import type { LaunchRequest } from "@/server/agents/types";
import { recordedCapabilities, recordedContext } from "@/test/support/cli-capabilities";

const BIN = "/opt/opencode/bin/opencode";
const TOKEN = `arbor_mcp_${"x".repeat(43)}`;
const FILES = "/data/agents/opencode/arbor-files";
const capabilities = recordedCapabilities(BIN, "1.18.33", { run: "opencode/__fixtures__/help-run-1.18.33.txt" });
const context = (env: Record<string, string> = {}) => recordedContext(capabilities, { cwd: "/w/ws", filesDir: FILES, env });
const mcp = { url: "http://127.0.0.1:3000/api/mcp", token: TOKEN };
const ARBOR = {
  type: "remote",
  url: mcp.url,
  headers: { Authorization: "Bearer {env:ARBOR_MCP_TOKEN}" },
  oauth: false,
  enabled: true,
  timeout: 10_000,
};
const TOOLS = ["search_sessions", "get_session", "get_issue", "get_spec", "list_issue_sessions", "cite", "create_issue"];

function plan(request: Partial<LaunchRequest> = {}, env: Record<string, string> = {}) {
  const result = buildOpencodeLaunch({ mode: { kind: "new" }, prompt: "fix it", mcp, ...request }, context(env));
  if (!result.ok) throw new Error(result.message);
  return result;
}
const policy = (mode: PermissionMode, deny: string[] = []) => ({ mode, allow: [], deny, source: "run" as const });
const permission = (env: Record<string, string | undefined>) => JSON.parse(env.OPENCODE_PERMISSION ?? "null") as Record<string, unknown> | null;

describe("Arbor's MCP server on an opencode launch", () => {
  it("names a config file of Arbor's in OPENCODE_CONFIG; the token only in the environment", () => {
    const launch = plan();
    expect(launch.env.OPENCODE_CONFIG).toMatch(/^\/data\/agents\/opencode\/arbor-files\/opencode-mcp-[0-9a-f]{16}\.json$/);
    expect(launch.env.ARBOR_MCP_TOKEN).toBe(TOKEN);
    expect(launch.env.OPENCODE_CONFIG_CONTENT).toBeUndefined();
    expect(launch.argv.join(" ")).not.toContain(TOKEN);
    const [file] = launch.files ?? [];
    expect(file.path).toBe(launch.env.OPENCODE_CONFIG);
    expect(file.content).not.toContain(TOKEN);
    expect(JSON.parse(file.content)).toEqual({ mcp: { arbor: ARBOR } });
  });

  it("writes the same file for every run to the same server", () => {
    expect(plan({ mcp: { ...mcp, token: `arbor_mcp_${"y".repeat(43)}` } }).files).toEqual(plan().files);
  });

  it("keeps the person's OPENCODE_CONFIG: the server goes into OPENCODE_CONFIG_CONTENT, merged over theirs", () => {
    const theirs = { model: "p/m", mcp: { mine: { type: "local", command: ["x"] } } };
    const launch = plan({}, { OPENCODE_CONFIG: "/home/me/opencode.json", OPENCODE_CONFIG_CONTENT: JSON.stringify(theirs) });
    expect(launch.env.OPENCODE_CONFIG).toBeUndefined();
    expect(launch.files).toBeUndefined();
    expect(JSON.parse(launch.env.OPENCODE_CONFIG_CONTENT!)).toEqual({ model: "p/m", mcp: { mine: theirs.mcp.mine, arbor: ARBOR } });
    expect(launch.env.OPENCODE_CONFIG_CONTENT).not.toContain(TOKEN);
    expect(JSON.parse(plan({}, { OPENCODE_CONFIG: "/home/me/opencode.json" }).env.OPENCODE_CONFIG_CONTENT!)).toEqual({ mcp: { arbor: ARBOR } });
  });

  it("attaches nothing rather than rewrite content it cannot read, and nothing without an attachment or a directory", () => {
    const jsonc = plan({}, { OPENCODE_CONFIG: "/home/me/opencode.json", OPENCODE_CONFIG_CONTENT: '{ // mine\n "model": "p/m" }' });
    expect(jsonc.env).not.toHaveProperty("OPENCODE_CONFIG_CONTENT");
    expect(jsonc.env).not.toHaveProperty("ARBOR_MCP_TOKEN");
    expect(plan({ mcp: undefined }).env).toEqual({ PWD: "/w/ws", OPENCODE_DISABLE_AUTOUPDATE: "1" });
    const noDir = buildOpencodeLaunch({ mode: { kind: "new" }, prompt: "p", mcp }, recordedContext(capabilities, { cwd: "/w/ws" }));
    expect(noDir.ok && noDir.env).toEqual({ PWD: "/w/ws", OPENCODE_DISABLE_AUTOUPDATE: "1" });
  });

  it("edits: each of Arbor's tools is allowed by name after the catch-all deny; a deny rule on one still wins", () => {
    const edits = permission(plan({ permissions: policy("edits") }).env)!;
    const keys = Object.keys(edits);
    expect(keys[0]).toBe("*");
    for (const tool of TOOLS) expect(edits[`arbor_${tool}`]).toBe("allow");
    expect(keys.filter((key) => key.startsWith("arbor_"))).toEqual(TOOLS.map((tool) => `arbor_${tool}`));

    const denied = permission(plan({ permissions: policy("edits", ["mcp__arbor__create_issue"]) }).env)!;
    expect(denied.arbor_create_issue).toBe("deny");
    expect(denied.arbor_cite).toBe("allow");
    // A glob deny comes after the allows (the last match wins), noted as reaching a little further.
    const all = plan({ permissions: policy("edits", ["mcp__arbor__*"]) });
    expect(Object.keys(permission(all.env)!).at(-1)).toBe("arbor_*");
    expect(permission(all.env)!["arbor_*"]).toBe("deny");
    expect(all.permissionNotes).toEqual([expect.stringContaining('the key "arbor_*"')]);
    // An allow rule on Arbor's tools adds nothing and is not reported as dropped.
    expect(plan({ permissions: { ...policy("edits"), allow: ["mcp__arbor__*"] } }).permissionNotes).toBeUndefined();
  });

  it("trusted: --auto runs them already; only a deny rule is added. Without the server nothing is allowed for it", () => {
    expect(permission(plan({ permissions: policy("trusted") }).env)).toBeNull();
    expect(permission(plan({ permissions: policy("trusted", ["mcp__arbor__cite"]) }).env)).toEqual({ arbor_cite: "deny" });
    expect(Object.keys(permission(plan({ mcp: undefined, permissions: policy("edits") }).env)!).some((key) => key.startsWith("arbor_"))).toBe(false);
  });
});
