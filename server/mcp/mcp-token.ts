import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { prisma } from "@/server/db";

// A run's credential for Arbor's MCP server. The agent's process is given the
// token (in a file of its isolated home, never in argv or a log); Arbor keeps
// only its SHA-256, tied to the executions the process serves.

export type McpToken = { token: string; hash: string };

export function mintMcpToken(): McpToken {
  const token = `arbor_mcp_${randomBytes(32).toString("base64url")}`;
  return { token, hash: hashMcpToken(token) };
}

export function hashMcpToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** Makes the token good for this execution while it runs (a warm process's next turn grants it again). */
export async function grantMcpToken(hash: string, executionId: string): Promise<void> {
  await prisma.mcpToken.createMany({ data: [{ tokenHash: hash, executionId }], skipDuplicates: true });
}
