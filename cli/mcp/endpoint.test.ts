import { parseCliArgs } from "../args";
import { readCliConfig } from "../config";
import { mcpTarget } from "./endpoint";

const TOKEN = "arbor_mcp_abc";

describe("arbor mcp: where it relays to, and with which token", () => {
  it("takes ARBOR_MCP_URL as it is, else the Arbor URL (--url, ARBOR_URL, the default) + /api/mcp", () => {
    const url = (env: Record<string, string>, argUrl?: string) => {
      const target = mcpTarget(readCliConfig({ ARBOR_MCP_TOKEN: TOKEN, ...env }), argUrl);
      return target.ok ? target.url.toString() : target.message;
    };
    expect(url({ ARBOR_MCP_URL: "http://10.0.0.2:3000/api/mcp", ARBOR_URL: "http://other:1" })).toBe("http://10.0.0.2:3000/api/mcp");
    expect(url({ ARBOR_URL: "http://arbor.test:3000/" })).toBe("http://arbor.test:3000/api/mcp");
    expect(url({ ARBOR_URL: "http://arbor.test:3000" }, "https://h/base/")).toBe("https://h/base/api/mcp");
    expect(url({})).toBe("http://127.0.0.1:3000/api/mcp");
    expect(url({ ARBOR_MCP_URL: "ftp://h/api/mcp" })).toMatch(/^ARBOR_MCP_URL must be an http\(s\) URL/);
    expect(url({ ARBOR_URL: "nonsense" })).toBe('invalid Arbor URL "nonsense" (set ARBOR_MCP_URL, or ARBOR_URL or --url)');
  });

  it("reads the token from ARBOR_MCP_TOKEN only, and says so when it is missing", () => {
    expect(mcpTarget(readCliConfig({ ARBOR_MCP_TOKEN: ` ${TOKEN} ` }))).toMatchObject({ ok: true, token: TOKEN });
    expect(mcpTarget(readCliConfig({ ARBOR_MCP_TOKEN: "  " }))).toEqual({
      ok: false,
      message: "set ARBOR_MCP_TOKEN to the run's MCP token (Arbor gives it to the agents of a run); it is read from the environment only, never from arguments",
    });
  });

  it("parses `arbor mcp` (and --url before or after it); a token as an argument is refused", () => {
    expect(parseCliArgs(["mcp"])).toEqual({ ok: true, command: { name: "mcp" } });
    expect(parseCliArgs(["--url", "http://h:3000", "mcp"])).toEqual({ ok: true, command: { name: "mcp" }, url: "http://h:3000" });
    expect(parseCliArgs(["mcp", TOKEN])).toMatchObject({ ok: false, message: `unexpected argument "${TOKEN}" (the token goes in ARBOR_MCP_TOKEN)` });
    expect(parseCliArgs(["mcp", "--token", TOKEN])).toMatchObject({ ok: false, message: 'unknown option "--token"' });
    expect(parseCliArgs(["mcp", "--json"])).toMatchObject({ ok: false, message: 'unknown option "--json"' });
    expect(parseCliArgs(["mcp", "--help"])).toEqual({ ok: true, command: { name: "help", topic: "mcp" } });
  });
});
