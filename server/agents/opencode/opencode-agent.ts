import { BUILT_IN_AGENT_NAMES } from "@/lib/agents/names";
import type { AgentDefinition } from "@/server/agents/types";
import { opencodePermissions } from "@/server/agents/opencode/opencode-permissions";
import { buildOpencodeLaunch } from "@/server/agents/opencode/build-opencode-launch";
import { classifyOpencodeStderr } from "@/server/agents/opencode/classify-opencode-stderr";
import { normalizeOpencodeEvent } from "@/server/agents/opencode/normalize-opencode-event";
import { createOpencodeLineParser, parseOpencodeLine } from "@/server/agents/opencode/parse-opencode-line";

// opencode (`opencode run --format json`, prompt on stdin). Sessions live in
// the SQLite database $XDG_DATA_HOME/opencode/opencode.db, bound to their
// directory; nothing prunes them. Arbor gives it its own XDG directories (its
// first run npm-installs a plugin into the config one, so they are kept per
// agent, not per session) and its own npm cache.
// No sessionState (issue 24): 1.18.33 keeps no file of a session's own, only
// rows in that one database (with its -wal) shared by every session, so a
// session cannot move as files without replacing the other machine's
// sessions; `opencode export <id>` / `opencode import <file>` would be the way.
export const opencodeAgent: AgentDefinition = {
  id: "opencode",
  displayName: BUILT_IN_AGENT_NAMES.opencode,
  binary: { envVar: "OPENCODE_BIN", defaultCommand: "opencode" },
  sessionCapabilities: ["resume-by-id", "fork", "continue-latest"],
  transcriptRetentionDays: null,
  probesCli: true,
  // The person's model for a run (issue 26): `run --model provider/model` (also `-m`).
  model: { flag: "--model" },
  helpCommands: [["run", "--help"]],
  home: {
    scope: "agent",
    env: (dir) => ({
      XDG_CONFIG_HOME: `${dir}/config`,
      XDG_DATA_HOME: `${dir}/data`,
      XDG_CACHE_HOME: `${dir}/cache`,
      XDG_STATE_HOME: `${dir}/state`,
      npm_config_cache: `${dir}/npm-cache`,
    }),
  },
  buildLaunch: buildOpencodeLaunch,
  parseLine: parseOpencodeLine,
  createLineParser: createOpencodeLineParser,
  classifyStderr: classifyOpencodeStderr,
  normalize: normalizeOpencodeEvent,
  verification: { status: "verified", version: "1.18.33" },
  permissions: opencodePermissions,
  // Arbor's MCP server per run: opencode-mcp.ts.
  attachesMcp: true,
};
