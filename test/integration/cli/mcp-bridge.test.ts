import { spawnSync } from "node:child_process";
import net from "node:net";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { GET as mcpGet, POST as mcpRoute } from "@/app/api/mcp/route";
import { prisma } from "@/server/db";
import { releaseWorkerUtils } from "@/server/queue/worker-utils";
import { resetDb } from "@/test/support/db";
import { makeIssue } from "@/test/support/factories";
import { answerText, runningTurn } from "@/test/support/mcp-fixtures";
import { startRouteServer, type RouteServer } from "@/test/support/route-server";

// `arbor mcp` as an MCP client that speaks only stdio starts it: the real
// bin/arbor.mjs as a child process, driven by the official SDK's client over
// stdio, relaying to the real /api/mcp over HTTP. The tools are the server's;
// a refused token or a server that is down comes back as an answer saying
// why, and the bridge stays up.

jest.setTimeout(90_000);

const BIN = path.resolve(__dirname, "../../../bin/arbor.mjs");

let server: RouteServer;
let issueId: string;
const clients: Client[] = [];

beforeAll(async () => {
  await resetDb();
  server = await startRouteServer({ "/api/mcp": { POST: mcpRoute, GET: mcpGet } });
  issueId = (await makeIssue({ title: "Users are logged out at midnight" })).id;
});

afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
});

afterAll(async () => {
  await server?.close();
  await releaseWorkerUtils();
  await prisma.$disconnect();
});

type Bridge = { client: Client; transport: StdioClientTransport; stderr: () => string };

/** Starts `arbor mcp` with this environment (nothing inherited but PATH and HOME) and an SDK client on its stdio. */
function bridge(env: Record<string, string>): Bridge {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN, "mcp"],
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "/tmp", NO_COLOR: "1", ...env },
    stderr: "pipe",
  });
  let stderr = "";
  transport.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
  const client = new Client({ name: "stdio-only-client", version: "1.0.0" });
  clients.push(client);
  return { transport, client, stderr: () => stderr };
}

async function connected(env: Record<string, string>): Promise<Bridge> {
  const b = bridge(env);
  await b.client.connect(b.transport);
  return b;
}

const alive = (transport: StdioClientTransport) => {
  try {
    process.kill(transport.pid!, 0);
    return true;
  } catch {
    return false;
  }
};

async function closedPort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

it("relays the server's seven tools and a call, from ARBOR_URL + /api/mcp", async () => {
  const turn = await runningTurn(issueId);
  const { client, stderr } = await connected({ ARBOR_URL: server.url, ARBOR_MCP_TOKEN: turn.token });
  expect(client.getServerVersion()?.name).toBe("arbor");
  const { tools } = await client.listTools();
  expect(tools.map((t) => t.name).sort()).toEqual(["cite", "create_issue", "get_issue", "get_session", "get_spec", "list_issue_sessions", "search_sessions"]);
  const result = await client.callTool({ name: "get_issue", arguments: { ref: issueId } });
  expect(result.isError).toBeFalsy();
  expect(answerText(result)).toContain("Users are logged out at midnight");
  // The call reached the server as the run's: it is recorded against its execution.
  expect(await prisma.mcpCall.count({ where: { executionId: turn.executionId, tool: "get_issue" } })).toBe(1);
  expect(stderr()).not.toContain(turn.token);
});

it("a bad token: the client is told why, at connect and on a tools/call, and the bridge stays up", async () => {
  const refused = bridge({ ARBOR_MCP_URL: `${server.url}/api/mcp`, ARBOR_MCP_TOKEN: "arbor_mcp_not-a-real-token" });
  await expect(refused.client.connect(refused.transport)).rejects.toThrow(/refused the token \(401\): That is not an Arbor MCP token/);

  // A token that was good when the client connected, and is not once its turn has ended.
  const turn = await runningTurn(issueId);
  const b = await connected({ ARBOR_MCP_URL: `${server.url}/api/mcp`, ARBOR_MCP_TOKEN: turn.token });
  await prisma.execution.update({ where: { id: turn.executionId }, data: { status: "completed" } });
  const result = await b.client.callTool({ name: "get_issue", arguments: { ref: issueId } });
  expect(result.isError).toBe(true);
  expect(answerText(result)).toMatch(/^Arbor's MCP server refused the token \(401\): This MCP token is not good now: it belongs to no running turn\./);
  await expect(b.client.listTools()).rejects.toThrow(/refused the token \(401\)/);
  expect(alive(b.transport)).toBe(true);
  expect(b.stderr()).toContain("refused the token (401)");
  expect(b.stderr()).not.toContain(turn.token);
});

it("a server that is down: the client is told it is unreachable, at connect and on a tools/call, and the bridge stays up", async () => {
  const down = `http://127.0.0.1:${await closedPort()}`;
  const never = bridge({ ARBOR_URL: down, ARBOR_MCP_TOKEN: "arbor_mcp_whatever" });
  await expect(never.client.connect(never.transport)).rejects.toThrow(`Arbor's MCP server at ${down}/api/mcp is unreachable (ECONNREFUSED)`);

  // Up when the client connected, then gone.
  const own = await startRouteServer({ "/api/mcp": { POST: mcpRoute, GET: mcpGet } });
  const turn = await runningTurn(issueId);
  const b = await connected({ ARBOR_MCP_URL: `${own.url}/api/mcp`, ARBOR_MCP_TOKEN: turn.token });
  expect((await b.client.listTools()).tools).toHaveLength(7);
  await own.close();
  const result = await b.client.callTool({ name: "search_sessions", arguments: { query: "midnight" } });
  expect(result.isError).toBe(true);
  expect(answerText(result)).toBe(
    `Arbor's MCP server at ${own.url}/api/mcp is unreachable (ECONNREFUSED): is Arbor running there? (ARBOR_MCP_URL, else ARBOR_URL + /api/mcp)`,
  );
  expect(alive(b.transport)).toBe(true);
});

it("refuses to start without ARBOR_MCP_TOKEN, saying so on stderr (stdout stays JSON-RPC's)", () => {
  const run = spawnSync(process.execPath, [BIN, "mcp"], {
    // Undefined variables are left out of the child's environment.
    env: { ...process.env, ARBOR_MCP_TOKEN: undefined, ARBOR_MCP_URL: undefined, ARBOR_URL: server.url },
    input: "",
    encoding: "utf8",
  });
  expect(run.status).toBe(2);
  expect(run.stdout).toBe("");
  expect(run.stderr).toMatch(/^arbor mcp: set ARBOR_MCP_TOKEN to the run's MCP token/);
});
