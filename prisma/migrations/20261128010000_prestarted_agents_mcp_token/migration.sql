-- A pre-started agent's MCP token (its SHA-256 only): Claude Code connects to
-- Arbor's MCP server as it starts, before any run has taken the process, and
-- the server answers that connection (not a tool call) for a token listed here
-- (server/mcp/authenticate-mcp-request.ts).
ALTER TABLE "prestarted_agents" ADD COLUMN "mcp_token_hash" TEXT;

CREATE INDEX "prestarted_agents_mcp_token_hash_idx" ON "prestarted_agents"("mcp_token_hash");
