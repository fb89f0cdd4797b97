// `arbor mcp`: the stdio face of Arbor's MCP server, for MCP clients that
// only start servers as child processes. Each JSON-RPC message read from
// stdin is POSTed to /api/mcp as it comes (the SDK's streamable HTTP client)
// and each answer is written to stdout (the SDK's stdio server transport):
// the tools are the server's, nothing here knows them. A request the server
// cannot answer (down, or refusing the token) still gets an answer the
// client can show — a tool error for tools/call, a JSON-RPC error otherwise —
// and the bridge stays up for the next one.

import type { Readable, Writable } from "node:stream";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import type { FetchLike } from "@modelcontextprotocol/sdk/shared/transport.js";
import { isJSONRPCRequest, isJSONRPCResultResponse, type JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { println, type Writer } from "../context";
import { describeRelayFailure } from "./describe-failure";

export type RelayOptions = {
  url: URL;
  token: string;
  stdin: Readable;
  stdout: Writable;
  /** Where the bridge says what went wrong (stdout carries only JSON-RPC). */
  stderr: Writer;
  signal?: AbortSignal;
  fetch?: FetchLike;
  /** How long answers still on their way are waited for once stdin ends. */
  drainMs?: number;
};

/** A client that closes stdin without waiting must not leave a bridge behind waiting on a server that hangs. */
const DRAIN_MS = 10_000;

/** Relays until stdin ends (0) or the signal aborts (130). */
export async function relayMcp(options: RelayOptions): Promise<number> {
  const { url, token, stdin, stdout, stderr, signal } = options;
  const where = url.toString();
  const local = new StdioServerTransport(stdin, stdout);
  const remote = new StreamableHTTPClientTransport(url, {
    requestInit: { headers: { authorization: `Bearer ${token}` } },
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  const inFlight = new Set<Promise<unknown>>();
  const track = (work: Promise<unknown>) => {
    inFlight.add(work);
    void work.finally(() => inFlight.delete(work));
  };
  const say = (line: string) => println(stderr, `arbor mcp: ${line}`);
  const answer = (message: JSONRPCMessage) => track(local.send(message).catch((error) => say(`could not write to stdout: ${String(error)}`)));
  // The version the client and server agreed on goes on every later request, as the SDK's own client does.
  const initializeIds = new Set<string | number>();

  remote.onmessage = (message) => {
    if (isJSONRPCResultResponse(message) && initializeIds.delete(message.id)) {
      const version = (message.result as { protocolVersion?: unknown }).protocolVersion;
      if (typeof version === "string") remote.setProtocolVersion(version);
    }
    answer(message);
  };
  // The SDK reports a failed POST here and by rejecting send(); the rejection is answered below, this is the person's log.
  remote.onerror = (error) => say(describeRelayFailure(error, where).message);
  local.onerror = (error) => say(`unreadable message on stdin: ${error.message}`);
  local.onmessage = (message) => {
    if (isJSONRPCRequest(message) && message.method === "initialize") initializeIds.add(message.id);
    track(
      remote.send(message).catch((error: unknown) => {
        if (!isJSONRPCRequest(message)) return; // a notification has no one to answer
        initializeIds.delete(message.id);
        answer(failureAnswer(message.id, message.method, describeRelayFailure(error, where)));
      }),
    );
  };

  await remote.start();
  await local.start();
  const outcome = await new Promise<number>((resolve) => {
    stdin.once("end", () => resolve(0));
    stdin.once("close", () => resolve(0));
    if (signal?.aborted) resolve(130);
    signal?.addEventListener("abort", () => resolve(130), { once: true });
  });
  if (outcome === 0) await drain(inFlight, options.drainMs ?? DRAIN_MS);
  await remote.close();
  await local.close();
  return outcome;
}

/** A tools/call the server could not answer is a tool error (the model reads why and goes on); any other request, a JSON-RPC error. */
export function failureAnswer(id: string | number, method: string, failure: { code: number; message: string }): JSONRPCMessage {
  if (method === "tools/call") {
    return { jsonrpc: "2.0", id, result: { content: [{ type: "text", text: failure.message }], isError: true } };
  }
  return { jsonrpc: "2.0", id, error: failure };
}

/** Waits for what is in flight (answers appear as they settle), at most `ms`. */
async function drain(inFlight: Set<Promise<unknown>>, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (inFlight.size > 0 && Date.now() < deadline) {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([Promise.allSettled([...inFlight]), new Promise((resolve) => (timer = setTimeout(resolve, deadline - Date.now())))]);
    clearTimeout(timer);
  }
}
