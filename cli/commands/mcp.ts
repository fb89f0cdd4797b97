// arbor mcp → relays MCP's stdio to Arbor's MCP server (cli/mcp/relay.ts) until stdin ends.

import type { Readable, Writable } from "node:stream";
import type { FetchLike } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { CliConfig } from "../config";
import { println, type Writer } from "../context";
import { mcpTarget } from "../mcp/endpoint";
import { relayMcp } from "../mcp/relay";

export type McpCommandIO = {
  config: CliConfig;
  /** --url, when given. */
  argUrl?: string;
  stderr: Writer;
  signal?: AbortSignal;
  fetch?: FetchLike;
  /** The MCP client's end (default: this process's stdin and stdout). */
  stdin?: Readable;
  stdout?: Writable;
};

export async function mcpCommand(io: McpCommandIO): Promise<number> {
  const target = mcpTarget(io.config, io.argUrl);
  if (!target.ok) {
    println(io.stderr, `arbor mcp: ${target.message}`);
    return 2;
  }
  return relayMcp({
    url: target.url,
    token: target.token,
    stdin: io.stdin ?? process.stdin,
    stdout: io.stdout ?? process.stdout,
    stderr: io.stderr,
    signal: io.signal,
    fetch: io.fetch,
  });
}
