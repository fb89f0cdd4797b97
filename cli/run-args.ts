// `arbor run`'s arguments: a new run on an issue (in a project, a directory,
// from a ref), a fan-out of several at once (--agents), or the next turn (or a
// fork) of a session; and those of `continue` and `fork`. Pure.

import type { PolicyFlags } from "./approval-args";
import { parseAgentFlags, type FanOutRunArg } from "./fan-out-args";

export type RunCommand = {
  name: "run";
  issueId: string;
  prompt: string;
  agent?: string;
  /** The model the agent runs with (its CLI's own default when unset). */
  model?: string;
  /** --agents: a fan-out, one run per member, all from the same base commit. */
  runs?: FanOutRunArg[];
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
  const flags = parseAgentFlags(values);
  if (!flags.ok) return flags;
  const { agent, model, runs } = flags.value;
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
    model !== undefined && "--model",
    runs !== undefined && "--agents",
    cwd !== undefined && "--cwd",
    project !== undefined && "--project",
    sharedDirectory && "--shared-directory",
    from !== undefined && "--from",
  ].filter(Boolean);
  if (session !== undefined && place.length > 0) {
    return fail(`${place.join(" and ")} ${place.length === 1 ? "does" : "do"} not go with --session (the session's own agent, project and directory are used)`);
  }
  if (project !== undefined && cwd !== undefined) return fail("--project and --cwd do not go together: name a project or a directory");
  // A fan-out's members each get a worktree of their own from one base commit: a directory of their own choosing does not fit.
  if (runs !== undefined && (cwd !== undefined || sharedDirectory)) {
    return fail(`${cwd !== undefined ? "--cwd" : "--shared-directory"} does not go with --agents (each member runs in a worktree of its own)`);
  }
  if (sharedDirectory && from !== undefined)
    return fail("--from does not go with --shared-directory (a shared-directory run uses the project's directory as it is)");
  return {
    ok: true,
    command: {
      name: "run",
      issueId,
      prompt,
      ...(agent !== undefined ? { agent } : {}),
      ...(model !== undefined ? { model } : {}),
      ...(runs !== undefined ? { runs } : {}),
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

/**
 * `continue` and `fork` take the same arguments. `freshSession`: a new session carrying Arbor's transcript instead of a resume.
 * Only a fork may change agent or model (`agent`, `model`) or fan out (`runs`): a Continue stays with its session's agent.
 */
export type ExecutionPromptCommand = {
  name: "continue" | "fork";
  executionId: string;
  prompt: string;
  freshSession: boolean;
  /** continue --with-review / --with-check: the server writes (or adds to) the prompt from the line's PR review and CI, or its failing check. */
  withReview?: boolean;
  withCheck?: boolean;
  agent?: string;
  model?: string;
  runs?: FanOutRunArg[];
  /** --mode/--allow/--deny: this turn's own permission policy. */
  permissions?: PolicyFlags;
  follow: boolean;
  json: boolean;
};

export function parseFollowUpArgs(
  name: "continue" | "fork",
  positionals: string[],
  values: Values,
  common: { freshSession: boolean; follow: boolean; json: boolean; permissions?: PolicyFlags },
): { ok: true; command: ExecutionPromptCommand } | { ok: false; message: string } {
  const fail = (message: string) => ({ ok: false as const, message });
  const [executionId, ...rest] = positionals;
  if (name === "continue") {
    // The options exist on continue only to say this, rather than a bare "unknown option".
    const given = (["agent", "agents", "model"] as const).filter((key) => values[key] !== undefined).map((key) => `--${key}`);
    if (given.length) {
      return fail(
        `${given.join(" and ")}: a Continue stays with its session's agent and model; to go on with another, fork: arbor fork ${executionId ?? "<id>"} "…" --agent NAME [--model M]`,
      );
    }
  }
  if (!executionId) return fail("missing execution id");
  const prompt = rest.join(" ");
  const withReview = values["with-review"] === true;
  const withCheck = values["with-check"] === true;
  if (prompt.trim() === "" && !withReview && !withCheck)
    return fail(name === "continue" ? "missing prompt (or --with-review / --with-check)" : "missing prompt");
  const flags = parseAgentFlags(values);
  if (!flags.ok) return flags;
  const { agent, model, runs } = flags.value;
  if (runs !== undefined && common.freshSession) return fail("--fresh-session does not go with --agents (each member forks as its agent can)");
  return {
    ok: true,
    command: {
      name,
      executionId,
      prompt,
      freshSession: common.freshSession,
      ...(withReview ? { withReview } : {}),
      ...(withCheck ? { withCheck } : {}),
      ...(agent !== undefined ? { agent } : {}),
      ...(model !== undefined ? { model } : {}),
      ...(runs !== undefined ? { runs } : {}),
      ...(common.permissions ? { permissions: common.permissions } : {}),
      follow: common.follow,
      json: common.json,
    },
  };
}
