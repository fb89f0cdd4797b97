import { PassThrough } from "node:stream";
import { relayMcp } from "./relay";

// The relay with in-memory stdio and a fake server: every message goes on as
// it came, answers come back in JSON-RPC, the agreed protocol version and the
// token travel on each request, and a request the server cannot answer still
// gets an answer; stdin's end ends the relay once answers in flight are out.

const URL_ = new URL("http://arbor.test/api/mcp");
const TOKEN = "arbor_mcp_secret";
const initialize = {
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "1" } },
};
const toolsCall = (id: number) => ({ jsonrpc: "2.0", id, method: "tools/call", params: { name: "get_issue", arguments: { ref: "ISSUE-1" } } });

type Seen = { body: { id?: number; method?: string }; headers: Headers };

/** Writes each batch of messages once every answer to the batches before it is out, then ends stdin. */
async function relay(batches: unknown[][], answer: (body: Seen["body"]) => Response | Promise<Response>) {
  const stdin = new PassThrough();
  const stdout = new PassThrough();
  let out = "";
  stdout.on("data", (chunk: Buffer) => (out += chunk.toString("utf8")));
  let err = "";
  const seen: Seen[] = [];
  const fetch = async (_url: string | URL, init?: RequestInit) => {
    if (init?.method === "GET") return new Response(null, { status: 405 }); // the stream a stateless server does not offer
    const body = JSON.parse(String(init?.body));
    seen.push({ body, headers: new Headers(init?.headers) });
    return answer(body);
  };
  const done = relayMcp({ url: URL_, token: TOKEN, stdin, stdout, stderr: { write: (s: string) => (err += s) }, fetch });
  let expected = 0;
  for (const batch of batches) {
    while (out.split("\n").filter(Boolean).length < expected) await new Promise((resolve) => setTimeout(resolve, 5));
    for (const message of batch) stdin.write(`${JSON.stringify(message)}\n`);
    expected += batch.filter((m) => (m as { id?: unknown }).id !== undefined).length;
  }
  stdin.end();
  const code = await done;
  const answers = out
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line));
  return { code, answers, seen, stderr: err };
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

it("relays requests and notifications as they are, with the token and, after initialize, the agreed protocol version", async () => {
  const { code, answers, seen, stderr } = await relay([[initialize], [{ jsonrpc: "2.0", method: "notifications/initialized" }, toolsCall(2)]], (body) => {
    if (body.method === "initialize")
      return json({ jsonrpc: "2.0", id: body.id, result: { protocolVersion: "2025-03-26", capabilities: {}, serverInfo: { name: "arbor", version: "1" } } });
    if (body.id === undefined) return new Response(null, { status: 202 });
    return json({ jsonrpc: "2.0", id: body.id, result: { content: [{ type: "text", text: "ISSUE-1: …" }] } });
  });
  expect(code).toBe(0);
  expect(answers.map((a) => a.id)).toEqual([1, 2]);
  expect(answers[1].result.content[0].text).toBe("ISSUE-1: …");
  expect(seen.map((s) => s.body.method)).toEqual(["initialize", "notifications/initialized", "tools/call"]);
  expect(seen.every((s) => s.headers.get("authorization") === `Bearer ${TOKEN}`)).toBe(true);
  expect(seen[2].headers.get("mcp-protocol-version")).toBe("2025-03-26");
  expect(stderr).toBe("");
});

it("a request the server refuses still gets an answer: a tool error for tools/call, a JSON-RPC error otherwise; a notification none", async () => {
  const refusal = { jsonrpc: "2.0", error: { code: -32001, message: "That is not an Arbor MCP token" }, id: null };
  const { code, answers, stderr } = await relay(
    [[toolsCall(7), { jsonrpc: "2.0", id: 8, method: "tools/list" }, { jsonrpc: "2.0", method: "notifications/initialized" }]],
    () => json(refusal, 401),
  );
  expect(code).toBe(0);
  const byId = Object.fromEntries(answers.map((a) => [a.id, a]));
  expect(answers).toHaveLength(2);
  expect(byId[7].result).toEqual({
    content: [{ type: "text", text: expect.stringMatching(/^Arbor's MCP server refused the token \(401\): That is not an Arbor MCP token\./) }],
    isError: true,
  });
  expect(byId[8].error).toEqual({ code: -32001, message: expect.stringMatching(/^Arbor's MCP server refused the token \(401\)/) });
  expect(stderr).toContain("arbor mcp: Arbor's MCP server refused the token (401)");
  expect(stderr).not.toContain(TOKEN);
});

it("a server that is down: each request is answered as unreachable, and the relay goes on", async () => {
  const refused = () =>
    Promise.reject(Object.assign(new TypeError("fetch failed"), { cause: Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" }) }));
  const { code, answers } = await relay([[toolsCall(1), toolsCall(2)]], refused);
  expect(code).toBe(0);
  expect(answers.map((a) => [a.id, a.result.isError, a.result.content[0].text])).toEqual(
    [1, 2].map((id) => [
      id,
      true,
      "Arbor's MCP server at http://arbor.test/api/mcp is unreachable (ECONNREFUSED): is Arbor running there? (ARBOR_MCP_URL, else ARBOR_URL + /api/mcp)",
    ]),
  );
});

it("waits for answers in flight when stdin ends, and stops at once when aborted (130)", async () => {
  let release!: () => void;
  const slow = new Promise<void>((resolve) => (release = resolve));
  const pending = relay([[toolsCall(3)]], async (body) => {
    await slow;
    return json({ jsonrpc: "2.0", id: body.id, result: { content: [] } });
  });
  setTimeout(release, 50);
  expect((await pending).answers.map((a) => a.id)).toEqual([3]);

  const controller = new AbortController();
  const stdin = new PassThrough();
  const running = relayMcp({ url: URL_, token: TOKEN, stdin, stdout: new PassThrough(), stderr: { write: () => true }, signal: controller.signal });
  controller.abort();
  expect(await running).toBe(130);
});
