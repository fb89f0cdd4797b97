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
// (cwd) they were made in. Its session clean-up (general.sessionRetention)
// is turned off in Arbor's home for it: see KEEP_SESSIONS. It relaunches
// itself as a child node process, so signals must go to the whole process group.
/**
 * Gemini CLI 0.61.0 cleans up sessions at every start, in the background: chats
 * older than 30 days, and every chat it finds unresumable. A Continue that starts
 * in a later minute than its session's chat leaves such a file (a header line
 * only, named by the new minute, with the same first 8 characters of the id),
 * and the clean-up deletes every file with that short id: the next start in the
 * project, even another session's, deleted the whole session (found through
 * test/integration/agents/gemini-sessions.test.ts, failing when its runs crossed
 * a minute). A session Arbor may continue must not go behind its back, so the
 * clean-up is off in Arbor's home. Nothing deletes sessions there now: Arbor
 * does not prune agent homes either (docs/topics/agents.md).
 */
const KEEP_SESSIONS = { general: { sessionRetention: { enabled: false } } };

export const geminiAgent: AgentDefinition = {
  id: "gemini",
  displayName: BUILT_IN_AGENT_NAMES.gemini,
  binary: { envVar: "GEMINI_BIN", defaultCommand: "gemini" },
  sessionCapabilities: ["assign-id-at-launch", "resume-by-id", "fork", "continue-latest"],
  transcriptRetentionDays: null, // KEEP_SESSIONS
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
      const merge = { ...KEEP_SESSIONS, ...(env.GEMINI_API_KEY ? { security: { auth: { selectedType: "gemini-api-key" } } } : {}), ...geminiMcpSettings(env) };
      return [{ path: `${dir}/.gemini/settings.json`, merge }];
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
