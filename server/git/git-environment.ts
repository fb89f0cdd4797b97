import "server-only";
import path from "node:path";
import { inheritedEnv } from "@/server/config/load-config";

// What git runs with inside Arbor (server/git/run-git.ts). A registered
// repository and anything an agent writes in its worktree are not trusted:
// Arbor's own git work never runs their code. Everything git would run on
// its own — hooks, core.fsmonitor, pagers, editors, gpg, credential helpers,
// askpass, ssh and other transports, filters and merge drivers — is turned
// off by configuration given on the command line's level (it wins over every
// config file), and system-wide config is not read at all.

/**
 * "safe": nothing of the repository runs (the default for every call).
 * "repository": the repository's hooks, filters and drivers run as they would
 * for the person's own `git merge` (Apply, where the project opted in).
 */
export type GitTrust = "safe" | "repository";

/** Config every safe call runs with ("command" scope). Keys git reads lazily cost nothing when unused. */
export const SAFE_CONFIG: ReadonlyArray<readonly [string, string]> = [
  ["core.hooksPath", "/dev/null"],
  ["core.fsmonitor", "false"],
  ["core.pager", "cat"],
  ["core.editor", ":"],
  ["sequence.editor", ":"],
  ["core.askPass", ""],
  // An empty value empties the list of credential helpers.
  ["credential.helper", ""],
  ["commit.gpgSign", "false"],
  ["tag.gpgSign", "false"],
  ["merge.verifySignatures", "false"],
  ["log.showSignature", "false"],
  ["submodule.recurse", "false"],
  ["status.submoduleSummary", "false"],
  ["merge.renormalize", "false"],
  // No background gc or maintenance started by Arbor's commands.
  ["gc.auto", "0"],
  ["maintenance.auto", "false"],
  ["protocol.allow", "never"],
];

// Inherited variables that would point git at another repository, index or
// config, or run a program of their own (GIT_SSH_COMMAND, GIT_EXTERNAL_DIFF,
// GIT_ASKPASS, GIT_CONFIG_PARAMETERS…): every GIT_* goes, and these too —
// except where the server's operator keeps their own global config and git.
const DROPPED = new Set(["SSH_ASKPASS", "PAGER", "EDITOR", "VISUAL"]);
const KEPT = new Set(["GIT_CONFIG_GLOBAL", "GIT_EXEC_PATH"]);

/**
 * The environment of a git call: the server's own without GIT_* variables,
 * no system config, no prompts, no transport at all (Arbor never fetches; a
 * partial clone's missing object is an error, never a download), literal
 * pathspecs, English messages, and the given config as command-level config.
 */
export function gitEnvironment(options: {
  trust: GitTrust;
  cwd: string;
  /** Git finds only a repository at cwd itself (not one further up), unless asked to look up. */
  discover: boolean;
  config?: ReadonlyArray<readonly [string, string]>;
  extra?: Record<string, string>;
}): Record<string, string | undefined> {
  const env: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(inheritedEnv())) {
    if ((name.startsWith("GIT_") && !KEPT.has(name)) || DROPPED.has(name)) continue;
    env[name] = value;
  }
  const config = [...(options.trust === "safe" ? SAFE_CONFIG : []), ...(options.config ?? [])];
  config.forEach(([key, value], index) => {
    env[`GIT_CONFIG_KEY_${index}`] = key;
    env[`GIT_CONFIG_VALUE_${index}`] = value;
  });
  return {
    ...env,
    GIT_CONFIG_COUNT: String(config.length),
    GIT_CONFIG_NOSYSTEM: "1",
    GIT_TERMINAL_PROMPT: "0",
    // A list naming no transport: none is allowed, whatever the repository's config says.
    GIT_ALLOW_PROTOCOL: "none",
    GIT_LITERAL_PATHSPECS: "1",
    GIT_OPTIONAL_LOCKS: "0",
    GIT_PAGER: "cat",
    GIT_EDITOR: ":",
    LC_ALL: "C",
    LANG: "C",
    ...(options.discover ? {} : { GIT_CEILING_DIRECTORIES: path.dirname(path.resolve(options.cwd)) }),
    ...options.extra,
  };
}
