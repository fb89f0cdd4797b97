import "server-only";
import { execGit } from "./exec-git";
import { GitError } from "./git-error";
import { gitEnvironment } from "./git-environment";

// Filters (clean, smudge, process) and merge drivers are commands a
// repository's config names and its .gitattributes (a tracked file anyone
// can write) attaches to files. git would run them when it reads or writes
// files (add, checkout, status, merge). Arbor switches off those the
// repository's own config defines (or a worktree's, or a file it includes);
// drivers the person configured globally (git-lfs) stay on.

export interface RepositoryDrivers {
  filters: string[];
  merges: string[];
}

/** Where to look: the directory, and the git dir and work tree when they are given explicitly. */
export interface DriverPlace {
  cwd: string;
  globalArgs: readonly string[];
  discover: boolean;
}

const REPOSITORY_SCOPES = new Set(["local", "worktree"]);
/** More drivers than this is not a repository, it is an attack on the command line's length. */
const MAX_DRIVERS = 200;

/** The filter and merge drivers the repository's own config defines. */
export async function repositoryDrivers(place: DriverPlace): Promise<RepositoryDrivers> {
  const out = await execGit(
    place.cwd,
    [...place.globalArgs, "config", "--show-scope", "--null", "--name-only", "--get-regexp", "^(filter|merge)\\..+\\."],
    gitEnvironment({ trust: "safe", cwd: place.cwd, discover: place.discover }),
    { okExitCodes: [0, 1], maxStdoutBytes: 1024 * 1024, timeoutMs: 10_000 },
  );
  return parseDriverConfig(out.stdout);
}

/** `local\0filter.x.clean\0global\0filter.lfs.process\0…` → the drivers defined at repository scope. Pure. */
export function parseDriverConfig(output: string): RepositoryDrivers {
  const fields = output.split("\0");
  const filters = new Set<string>();
  const merges = new Set<string>();
  for (let i = 0; i + 1 < fields.length; i += 2) {
    const [scope, key] = [fields[i]!, fields[i + 1]!];
    if (!REPOSITORY_SCOPES.has(scope)) continue;
    const match = /^(filter|merge)\.(.+)\.[^.]+$/.exec(key);
    if (!match) continue;
    (match[1] === "filter" ? filters : merges).add(match[2]!);
  }
  if (filters.size + merges.size > MAX_DRIVERS)
    throw new GitError("failed", `the repository's config defines more than ${MAX_DRIVERS} filter and merge drivers: Arbor does not work with it`);
  return { filters: [...filters].sort(), merges: [...merges].sort() };
}

/**
 * Config that switches the drivers off: a filter with empty commands is no
 * filter (files pass unchanged), and a merge driver that fails makes the
 * file a conflict rather than a silent "ours".
 */
export function driversOff(drivers: RepositoryDrivers): Array<[string, string]> {
  return [
    ...drivers.filters.flatMap(
      (name): Array<[string, string]> => [
        [`filter.${name}.clean`, ""],
        [`filter.${name}.smudge`, ""],
        [`filter.${name}.process`, ""],
        [`filter.${name}.required`, "false"],
      ],
    ),
    ...drivers.merges.map((name): [string, string] => [`merge.${name}.driver`, "exit 1"]),
  ];
}
