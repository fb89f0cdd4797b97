/**
 * The environment for a process Arbor starts on the person's behalf that is
 * not Arbor (a check, a setup or cleanup script): the runner's own, minus
 * Arbor's secrets (its API token, the GitHub token and webhook secret, a run's
 * MCP token, the database URL with its password), which are Arbor's and must
 * not reach what a repository's scripts run.
 */
const SECRET = /^ARBOR_(.*_)?(TOKEN|SECRET)$|^DATABASE_URL$/;

export function withoutArborSecrets(env: Readonly<Record<string, string | undefined>>): NodeJS.ProcessEnv {
  const kept: Record<string, string> = {};
  for (const [key, value] of Object.entries(env)) if (value !== undefined && !SECRET.test(key)) kept[key] = value;
  return kept as NodeJS.ProcessEnv;
}
