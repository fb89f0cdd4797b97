// Repositories armed against Arbor: every hook git knows, core.fsmonitor,
// filters, diff and merge drivers, ssh, credential and askpass helpers, gpg,
// pager and editor, each a script that leaves a marker file when it runs.
// Tests of server/git check that Arbor's own git work leaves no marker.
import { execFileSync } from "node:child_process";
import { chmodSync, mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { commitAll, git, writeFiles } from "@/test/support/git-repo";

/** Every hook of githooks(5) (git 2.39). */
export const HOOK_NAMES = [
  "applypatch-msg",
  "pre-applypatch",
  "post-applypatch",
  "pre-commit",
  "pre-merge-commit",
  "prepare-commit-msg",
  "commit-msg",
  "post-commit",
  "pre-rebase",
  "post-checkout",
  "post-merge",
  "pre-push",
  "pre-receive",
  "update",
  "proc-receive",
  "post-receive",
  "post-update",
  "reference-transaction",
  "push-to-checkout",
  "pre-auto-gc",
  "post-rewrite",
  "sendemail-validate",
  "fsmonitor-watchman",
  "p4-changelist",
  "p4-prepare-changelist",
  "p4-post-changelist",
  "p4-pre-submit",
  "post-index-change",
] as const;

/** Where the traps leave their markers, and the scripts they run. */
export class Markers {
  readonly dir: string;
  readonly bin: string;
  constructor(root: string) {
    this.dir = path.join(root, "markers");
    this.bin = path.join(root, "trap-bin");
    mkdirSync(this.dir, { recursive: true });
    mkdirSync(this.bin, { recursive: true });
  }

  /** A script that leaves the marker `name` and then does `then` (shell). */
  script(name: string, then = "exit 0"): string {
    const file = path.join(this.bin, name);
    writeFileSync(file, `#!/bin/sh\n${this.leave(`'${name}'`)}\n${then}\n`);
    chmodSync(file, 0o755);
    return file;
  }

  /** The shell text a hook body runs: leaves `hook-<its name>`. */
  hookBody(): string {
    return `#!/bin/sh\n${this.leave('"hook-$(basename "$0")"')}\ncat >/dev/null 2>&1 || true\nexit 0\n`;
  }

  /**
   * Shell that leaves a marker, prefixed `agent-` when a Claude Code process
   * is among the script's ancestors: the agent's own git calls (it reads
   * `git status` for its context) are the agent's business, not Arbor's.
   */
  private leave(name: string): string {
    return [
      "by=''; p=$PPID",
      'while [ -n "$p" ] && [ "$p" -gt 1 ]; do',
      '  if tr "\\0" " " < /proc/$p/cmdline 2>/dev/null | grep -q claude; then by=agent-; break; fi',
      '  p=$(sed -e "s/^.*) //" /proc/$p/stat 2>/dev/null | cut -d" " -f2)',
      "done",
      `touch "${this.dir}/$by"${name}`,
    ].join("\n");
  }

  /** Markers Arbor's own git work left so far, sorted (not the agent's own: see leave()). */
  fired(): string[] {
    return readdirSync(this.dir)
      .filter((name) => !name.startsWith("agent-"))
      .sort();
  }

  /** Markers the agent's own git calls left. */
  firedByAgent(): string[] {
    return readdirSync(this.dir)
      .filter((name) => name.startsWith("agent-"))
      .sort();
  }

  clear(): void {
    rmSync(this.dir, { recursive: true, force: true });
    mkdirSync(this.dir, { recursive: true });
  }
}

/**
 * git for the test's own looks at an armed repository: nothing of the
 * repository's runs, so the markers are Arbor's alone.
 */
export function inertGit(cwd: string, ...args: string[]): string {
  return execFileSync(
    "git",
    [
      "-c",
      "core.hooksPath=/dev/null",
      "-c",
      "core.fsmonitor=false",
      "-c",
      "commit.gpgSign=false",
      "-c",
      "filter.trap.clean=",
      "-c",
      "filter.trap.smudge=",
      "-c",
      "filter.trapproc.process=",
      "-c",
      "core.pager=cat",
      "--no-pager",
      ...args,
    ],
    { cwd, encoding: "utf8", env: { ...process.env, GIT_CONFIG_NOSYSTEM: "1" }, stdio: ["ignore", "pipe", "pipe"] },
  ).trimEnd();
}

/** Writes every hook into `dir` (executable). */
export function writeHooks(dir: string, markers: Markers, names: readonly string[] = HOOK_NAMES): void {
  mkdirSync(dir, { recursive: true });
  for (const name of names) {
    writeFileSync(path.join(dir, name), markers.hookBody());
    chmodSync(path.join(dir, name), 0o755);
  }
}

/**
 * Arms a repository's hooks and helpers (not its filters): every hook, tracked
 * in `.githooks/` with a relative core.hooksPath (as husky and many projects
 * do, so the hooks resolve inside whichever worktree git runs in) and also in
 * `.git/hooks/`; core.fsmonitor; diff.external, a diff driver's command and
 * textconv; gpg signing; pager and editor; ssh command, credential helper and
 * askpass. Commits the tracked part first (with everything still inert).
 */
export function armHooks(repo: string, markers: Markers): void {
  writeHooks(path.join(repo, ".githooks"), markers);
  writeFiles(repo, { ".gitattributes": "* diff=trap\n" });
  commitAll(repo, "tracked hooks and attributes");
  writeHooks(path.join(repo, ".git", "hooks"), markers);
  const config: [string, string][] = [
    ["core.hooksPath", ".githooks"],
    ["core.fsmonitor", markers.script("fsmonitor", "exit 1")],
    ["diff.external", markers.script("diff-external")],
    ["diff.trap.command", markers.script("diff-driver-command")],
    ["diff.trap.textconv", markers.script("diff-textconv", 'cat "$1"')],
    ["commit.gpgSign", "true"],
    ["gpg.program", markers.script("gpg", "exit 1")],
    ["merge.verifySignatures", "false"],
    ["core.pager", markers.script("pager", "cat")],
    ["pager.diff", "true"],
    ["core.editor", markers.script("editor")],
    ["sequence.editor", markers.script("sequence-editor")],
    ["core.sshCommand", markers.script("ssh-command", "exit 1")],
    ["credential.helper", `!${markers.script("credential-helper")}`],
    ["core.askPass", markers.script("askpass")],
  ];
  for (const [key, value] of config) git(repo, "config", key, value);
}

/**
 * Arms a repository's content drivers: clean, smudge and long-running
 * process filters and a merge driver for every file (tracked
 * .gitattributes), configured in the repository's own config.
 */
export function armFilters(repo: string, markers: Markers): void {
  writeFiles(repo, { ".gitattributes": "* filter=trap merge=trap\n*.proc filter=trapproc\n" });
  commitAll(repo, "attributes");
  const config: [string, string][] = [
    ["filter.trap.clean", markers.script("filter-clean", "cat")],
    ["filter.trap.smudge", markers.script("filter-smudge", "cat")],
    ["filter.trapproc.process", markers.script("filter-process", "exit 1")],
    ["merge.trap.driver", `${markers.script("merge-driver", "exit 1")} %O %A %B`],
    ["merge.trap.name", "a trap"],
  ];
  for (const [key, value] of config) git(repo, "config", key, value);
}
