// Where `arbor mcp` relays to, and with which token: ARBOR_MCP_URL (the
// endpoint the runner gives a run's agents), else the Arbor URL (--url,
// ARBOR_URL) + /api/mcp; the token only from ARBOR_MCP_TOKEN, since argv is
// visible to every process on the machine. Pure.

import type { CliConfig } from "../config";
import { normalizeBaseUrl } from "../http";

export type McpTarget = { ok: true; url: URL; token: string } | { ok: false; message: string };

export function mcpTarget(config: Pick<CliConfig, "url" | "mcpUrl" | "mcpToken">, argUrl?: string): McpTarget {
  let url: URL;
  if (config.mcpUrl) {
    const parsed = URL.canParse(config.mcpUrl) ? new URL(config.mcpUrl) : null;
    if (!parsed || (parsed.protocol !== "http:" && parsed.protocol !== "https:")) {
      return { ok: false, message: `ARBOR_MCP_URL must be an http(s) URL, e.g. http://127.0.0.1:3000/api/mcp (got "${config.mcpUrl.slice(0, 200)}")` };
    }
    url = parsed;
  } else {
    try {
      url = new URL(`${normalizeBaseUrl(argUrl ?? config.url)}/api/mcp`);
    } catch (error) {
      return { ok: false, message: `${(error as Error).message} (set ARBOR_MCP_URL, or ARBOR_URL or --url)` };
    }
  }
  if (!config.mcpToken) {
    return {
      ok: false,
      message: "set ARBOR_MCP_TOKEN to the run's MCP token (Arbor gives it to the agents of a run); it is read from the environment only, never from arguments",
    };
  }
  return { ok: true, url, token: config.mcpToken };
}
