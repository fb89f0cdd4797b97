// Whether a new run's launch is the very launch a pre-started agent process
// was started with (server/runner/warm/prestart-plan.ts): the same argv
// (options, policy, MCP config, model, binary path) and the same environment
// (the MCP token included). Anything else must spawn: a process is never
// reused with other settings. Pure.

type Launch = { argv: readonly string[]; env: Readonly<Record<string, string | undefined>> };

/** Why the run's launch is not the process's (null: it is the same launch); `run` null: it could not be planned. */
export function launchMismatch(started: Launch, run: Launch | null): string | null {
  if (!run) return "the run's launch could not be planned as a pre-started one";
  if (!sameList(started.argv, run.argv)) return "the run's launch options differ from the pre-started process's";
  if (!sameEnv(started.env, run.env)) return "the run's environment differs from the pre-started process's";
  return null;
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((value, i) => value === b[i]);
}

function sameEnv(a: Launch["env"], b: Launch["env"]): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const key of keys) if (a[key] !== b[key]) return false;
  return true;
}
