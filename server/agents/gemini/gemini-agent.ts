import { BUILT_IN_AGENT_NAMES } from "@/lib/agents/names";
import type { AgentDefinition } from "@/server/agents/types";
import { geminiPermissions } from "@/server/agents/gemini/gemini-permissions";
import { buildGeminiLaunch } from "@/server/agents/gemini/build-gemini-launch";
import { classifyGeminiStderr } from "@/server/agents/gemini/classify-gemini-stderr";
import { locateGeminiSession } from "@/server/agents/gemini/locate-gemini-session";
import { geminiSessionState } from "@/server/agents/gemini/gemini-session-state";
import { normalizeGeminiEvent } from "@/server/agents/gemini/normalize-gemini-event";
import { createGeminiLineParser, parseGeminiLine } from "@/server/agents/gemini/parse-gemini-line";
import { geminiMcpSettings } from "@/server/agents/gemini/gemini-mcp";

// Google Gemini CLI (`gemini -o stream-json`). Sessions live in
// $GEMINI_CLI_HOME/.gemini/tmp/<project>/chats/ and are scoped to the project
// (cwd) they were made in. It deletes sessions older than 30 days by default
// (general.sessionRetention). It relaunches itself as a child node process,
// so signals must go to the whole process group.
export const geminiAgent: AgentDefinition = {
  id: "gemini",
  displayName: BUILT_IN_AGENT_NAMES.gemini,
  binary: { envVar: "GEMINI_BIN", defaultCommand: "gemini" },
  sessionCapabilities: ["assign-id-at-launch", "resume-by-id", "fork", "continue-latest"],
  transcriptRetentionDays: 30,
  probesCli: true,
  // The person's model for a run (issue 26): `--model` (also `-m`), over GEMINI_MODEL.
  model: { flag: "--model" },
  home: {
    scope: "agent",
    env: (dir) => ({ GEMINI_CLI_HOME: dir }),
    // With GOOGLE_GEMINI_BASE_URL set, 0.61.0 picks the "gateway" auth type,
    // which it then rejects (exit 41): an API key needs it said outright.
    // Arbor's MCP server is named there too, its URL and token read from each launch's environment (gemini-mcp.ts).
    settings: (dir, env) => {
      const merge = { ...(env.GEMINI_API_KEY ? { security: { auth: { selectedType: "gemini-api-key" } } } : {}), ...geminiMcpSettings(env) };
      return Object.keys(merge).length > 0 ? [{ path: `${dir}/.gemini/settings.json`, merge }] : [];
    },
  },
  buildLaunch: buildGeminiLaunch,
  parseLine: parseGeminiLine,
  createLineParser: createGeminiLineParser,
  classifyStderr: classifyGeminiStderr,
  normalize: normalizeGeminiEvent,
  locateSession: (sessionId, context) => locateGeminiSession(sessionId, context),
  // A session moves as its chat, re-filed under the new cwd's project slug (gemini-session-state.ts).
  sessionState: geminiSessionState,
  verification: { status: "verified", version: "0.61.0" },
  permissions: geminiPermissions,
  attachesMcp: true,
};
