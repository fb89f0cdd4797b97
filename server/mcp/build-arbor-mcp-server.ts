import "server-only";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import { text } from "@/lib/schemas/text";
import type { McpCaller } from "@/server/mcp/authenticate-mcp-request";
import { recordMcpCall } from "@/server/mcp/record-mcp-call";
import type { ToolAnswer } from "@/server/mcp/tool-answer";
import { cite, CITE_NOTE_MAX } from "@/server/mcp/tools/cite";
import { createIssueForAgent } from "@/server/mcp/tools/create-issue-for-agent";
import { getIssueForAgent } from "@/server/mcp/tools/get-issue";
import { getSessionForAgent } from "@/server/mcp/tools/get-session";
import { getSpecForAgent } from "@/server/mcp/tools/get-spec";
import { listIssueSessions } from "@/server/mcp/tools/list-issue-sessions";
import { searchSessions } from "@/server/mcp/tools/search-sessions";

// The MCP server `arbor` for one request of one running execution (the route
// is stateless: app/api/mcp/route.ts). Each tool parses its input with zod (a
// bad input is a tool error the agent reads, never a crash), answers text plus
// structured content, and is recorded with the execution (record-mcp-call.ts).

export const ARBOR_MCP_SERVER_NAME = "arbor";
export const QUERY_MAX = 1_000;
export const LIMIT_MAX = 100;

const ref = (example: string) => text().min(1).max(100).describe(`A ref like ${example}`);

export function buildArborMcpServer(caller: McpCaller): McpServer {
  const server = new McpServer({ name: ARBOR_MCP_SERVER_NAME, version: "1.0.0" }, { capabilities: { tools: {} } });
  const tool = <S extends z.ZodRawShape>(
    name: string,
    description: string,
    inputSchema: S,
    readOnly: boolean,
    run: (args: z.infer<z.ZodObject<S>>) => Promise<ToolAnswer>,
  ) =>
    server.registerTool(name, { description, inputSchema, annotations: { readOnlyHint: readOnly, openWorldHint: false } }, (async (
      args: z.infer<z.ZodObject<S>>,
    ) => answered(caller, name, args, () => run(args))) as never);

  tool(
    "search_sessions",
    "Search Arbor's history of earlier agent sessions: prompts, answers, tool calls, commands and files, plus specs and issues. Each hit names its session (SESS-n), issue, agent, date and a snippet.",
    {
      query: text().min(1).max(QUERY_MAX, `query must be at most ${QUERY_MAX} characters`),
      limit: z.number().int().min(1).max(LIMIT_MAX, `limit must be at most ${LIMIT_MAX}`).optional(),
    },
    true,
    (args) => searchSessions(args),
  );
  tool(
    "get_session",
    "Read a session's conversation as Arbor stored it: each turn's prompt, the agent's final answer, tools used, files changed and the person's marks.",
    { ref: ref("SESS-3") },
    true,
    (args) => getSessionForAgent(args),
  );
  tool("get_issue", "Read an issue: its text, status, spec, what it cites and what cites it, and its sessions.", { ref: ref("ISSUE-7") }, true, (args) =>
    getIssueForAgent(args),
  );
  tool("get_spec", "Read a spec: its text, its issues, what it cites and what cites it.", { ref: ref("SPEC-2") }, true, (args) => getSpecForAgent(args));
  tool(
    "list_issue_sessions",
    "List the sessions of the issue this run works on (or of another issue), as its session tree.",
    { issue: ref("ISSUE-7").optional().describe("Another issue; default: the one this run works on") },
    true,
    (args) => listIssueSessions(args, caller),
  );
  tool(
    "cite",
    'Record that the issue this run works on cites a session, issue or spec (as [[SESS-3]] in its text would); it then shows under that one\'s "Referenced by".',
    { ref: ref("SESS-3, ISSUE-7 or SPEC-2"), note: text().max(CITE_NOTE_MAX).optional().describe("Why it is cited") },
    false,
    (args) => cite(args, caller),
  );
  tool(
    "create_issue",
    "Create a new issue (a follow-up, a bug found on the way) in the same project, linked back to this run.",
    { title: text().min(1).max(200), body: text().max(100_000), specId: ref("SPEC-2").optional() },
    false,
    (args) => createIssueForAgent(args, caller),
  );
  return server;
}

async function answered(caller: McpCaller, name: string, args: Record<string, unknown>, run: () => Promise<ToolAnswer>): Promise<CallToolResult> {
  // A pre-started agent's process may list the tools before a run takes it; a call needs the run.
  if (caller.prestarted) return { content: [{ type: "text", text: "Arbor's tools answer a running turn: this agent has no run yet" }], isError: true };
  const started = performance.now();
  let answer: ToolAnswer;
  try {
    answer = await run();
  } catch (error) {
    console.error(`[mcp] ${name} failed:`, error);
    answer = { ok: false, message: `Arbor could not answer ${name} just now; try again` };
  }
  const result: CallToolResult = answer.ok
    ? { content: [{ type: "text", text: answer.text }], structuredContent: answer.structured }
    : { content: [{ type: "text", text: answer.message }], isError: true };
  const resultChars = answer.ok ? answer.text.length : answer.message.length;
  await recordMcpCall({
    executionId: caller.executionId,
    tool: name,
    args,
    resultChars,
    isError: !answer.ok,
    consulted: answer.ok ? answer.consulted : [],
    durationMs: performance.now() - started,
  }).catch((error) => console.error(`[mcp] could not record a ${name} call:`, error));
  return result;
}
