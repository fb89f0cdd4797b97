import "server-only";
import { prisma } from "@/server/db";

// Every call an agent makes to Arbor's MCP server, kept with its execution:
// the tool, its arguments (long strings cut), the size of what it got back,
// and the refs it read (what "consulted SESS-3" on the execution page counts).

const ARGUMENT_TEXT_MAX = 2_000;

export type McpCallRecord = {
  executionId: string;
  tool: string;
  args: Record<string, unknown>;
  resultChars: number;
  isError: boolean;
  consulted: string[];
  durationMs: number;
};

export async function recordMcpCall(call: McpCallRecord): Promise<void> {
  const args = Object.fromEntries(
    Object.entries(call.args).map(([k, v]) => [k, typeof v === "string" && v.length > ARGUMENT_TEXT_MAX ? `${v.slice(0, ARGUMENT_TEXT_MAX)}…` : v]),
  );
  await prisma.mcpCall.create({
    data: {
      executionId: call.executionId,
      tool: call.tool,
      arguments: JSON.parse(JSON.stringify(args)),
      resultChars: call.resultChars,
      isError: call.isError,
      consulted: [...new Set(call.consulted)],
      durationMs: Math.round(call.durationMs),
    },
  });
}
