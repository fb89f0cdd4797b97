// `arbor run`'s arguments: a new run on an issue (in a project, a directory,
// from a ref), or the next turn (or a fork) of a session. Pure.

import type { PolicyFlags } from "./approval-args";

export type RunCommand = {
  name: "run";
  issueId: string;
  prompt: string;
  agent?: string;
  cwd?: string;
  /** The project to run in (default: the issue's; "default": the default workspace). */
  project?: string;
  /** In a git project: no worktree of its own, the project's directory itself. */
  sharedDirectory?: boolean;
  /** In a git project: the branch, tag or commit its worktree starts from. */
  from?: string;
  /** Run as the next turn of this session (its head), or with `fork` as a fork of it, like the run form's "run as". */
  session?: string;
  fork: boolean;
  freshSession: boolean;
  /** --mode/--allow/--deny: this run's own permission policy. */
  permissions?: PolicyFlags;
  follow: boolean;
  json: boolean;
};

type Values = Record<string, string | boolean | string[] | undefined>;

export function parseRunArgs(
  positionals: string[],
  values: Values,
  common: { freshSession: boolean; follow: boolean; json: boolean; permissions?: PolicyFlags },
): { ok: true; command: RunCommand } | { ok: false; message: string } {
  const fail = (message: string) => ({ ok: false as const, message });
  const [issueId, ...rest] = positionals;
  if (!issueId) return fail("missing issue id");
  const prompt = rest.join(" ");
  if (prompt.trim() === "") return fail("missing prompt");
  const agent = values.agent as string | undefined;
  const cwd = values.cwd as string | undefined;
  const project = values.project as string | undefined;
  const from = values.from as string | undefined;
  const sharedDirectory = values["shared-directory"] === true;
  const session = values.session as string | undefined;
  const fork = values.fork === true;
  if (session === undefined && (fork || common.freshSession)) {
    return fail(`${fork ? "--fork" : "--fresh-session"} goes with --session SESS (a plain run always starts a new session)`);
  }
  const place = [
    agent !== undefined && "--agent",
    cwd !== undefined && "--cwd",
    project !== undefined && "--project",
    sharedDirectory && "--shared-directory",
    from !== undefined && "--from",
  ].filter(Boolean);
  if (session !== undefined && place.length > 0) {
    return fail(`${place.join(" and ")} ${place.length === 1 ? "does" : "do"} not go with --session (the session's own agent, project and directory are used)`);
  }
  if (project !== undefined && cwd !== undefined) return fail("--project and --cwd do not go together: name a project or a directory");
  if (sharedDirectory && from !== undefined)
    return fail("--from does not go with --shared-directory (a shared-directory run uses the project's directory as it is)");
  return {
    ok: true,
    command: {
      name: "run",
      issueId,
      prompt,
      ...(agent !== undefined ? { agent } : {}),
      ...(cwd !== undefined ? { cwd } : {}),
      ...(project !== undefined ? { project } : {}),
      ...(sharedDirectory ? { sharedDirectory } : {}),
      ...(from !== undefined ? { from } : {}),
      ...(session !== undefined ? { session } : {}),
      fork,
      freshSession: common.freshSession,
      ...(common.permissions ? { permissions: common.permissions } : {}),
      follow: common.follow,
      json: common.json,
    },
  };
}
