import { z } from "zod";

// The CLI's settings from its environment: a small schema of its own, since
// the CLI talks to a server over HTTP and loads nothing of server/ (the
// server's variables are in server/config/load-config.ts; a unit test checks
// README's configuration table lists the variables of both).

export const DEFAULT_URL = "http://127.0.0.1:3000";

export const cliEnvSchema = z.object({
  /** Where the server is (overridden by --url). */
  ARBOR_URL: z.string().trim().min(1).optional(),
  /** The server's access token, when it has one. */
  ARBOR_TOKEN: z.string().trim().min(1).optional(),
  /** Print stack traces of unexpected errors. */
  ARBOR_DEBUG: z.string().optional(),
  /** Who `arbor mark` records as having marked (the OS user name when unset). */
  ARBOR_USER: z.string().trim().max(100).optional(),
  /** `arbor mcp`: Arbor's MCP endpoint (default: the Arbor URL + /api/mcp). */
  ARBOR_MCP_URL: z.string().trim().min(1).optional(),
  /** `arbor mcp`: the run's MCP token, from the environment only (argv is visible to every process on the machine). */
  ARBOR_MCP_TOKEN: z.string().trim().min(1).optional(),
});

export type CliConfig = {
  url: string;
  token: string | undefined;
  debug: boolean;
  user: string | undefined;
  mcpUrl: string | undefined;
  mcpToken: string | undefined;
};

/** Never throws: empty values count as unset, and the URL is checked where it is used (with --url). */
export function readCliConfig(env: Readonly<Record<string, string | undefined>>): CliConfig {
  const known = Object.fromEntries(Object.keys(cliEnvSchema.shape).map((key) => [key, env[key]?.trim() || undefined]));
  const parsed = cliEnvSchema.parse(known);
  return {
    url: parsed.ARBOR_URL ?? DEFAULT_URL,
    token: parsed.ARBOR_TOKEN,
    debug: Boolean(parsed.ARBOR_DEBUG && parsed.ARBOR_DEBUG !== "0" && parsed.ARBOR_DEBUG !== "false"),
    user: parsed.ARBOR_USER,
    mcpUrl: parsed.ARBOR_MCP_URL,
    mcpToken: parsed.ARBOR_MCP_TOKEN,
  };
}
