import "server-only";

// Where lines of work travel between machines (issue 24): a bare repository
// every runner and the web app reach, `<ARBOR_GIT_STORE>/<PROJ-n>.git`,
// called the project's *store* (which project has one is
// server/projects/line-store.ts's rule). This file says how git talks to it.
//
// run-git.ts allows no transport at all; a store's is opened narrowly: it is
// reached as a local path (the `file` transport only). git serves a local
// push and fetch itself, running the other repository's programs as Arbor's
// user, and the config Arbor gives on the command line does not reach that
// side: so the other side runs as `git -c core.hooksPath=/dev/null
// receive-pack` / `upload-pack` (no hook of the store's runs, although the
// store is Arbor's own directory).

export interface LineStore {
  kind: "directory";
  /** The bare repository's absolute path (what git is given). */
  url: string;
  /** The store in words, for messages: "the line store /srv/arbor-git/PROJ-1.git (ARBOR_GIT_STORE)". */
  label: string;
}

export interface StoreCall {
  /** Transport arguments that go before `--end-of-options` (the other side's program). */
  args: string[];
  config: Array<readonly [string, string]>;
  env: Record<string, string>;
}

const HOOKLESS_RECEIVE = "git -c core.hooksPath=/dev/null receive-pack";
const HOOKLESS_UPLOAD = "git -c core.hooksPath=/dev/null upload-pack";

/** How a repository talks to `store` for a push or a fetch. */
export function storeCall(direction: "push" | "fetch"): StoreCall {
  return {
    args: [direction === "push" ? `--receive-pack=${HOOKLESS_RECEIVE}` : `--upload-pack=${HOOKLESS_UPLOAD}`],
    config: [],
    env: { GIT_TERMINAL_PROMPT: "0", GIT_ALLOW_PROTOCOL: "file" },
  };
}
