// arbor help [command]

import { ALIASES, DESCRIPTIONS, USAGE, type CommandName } from "../args";

type Documented = Exclude<CommandName, "version">;

const OPTION_HELP: Partial<Record<Documented, string[]>> = {
  run: [
    "--agent, -a NAME   agent CLI to run (default: the server's, e.g. claude)",
    "--model M          the model it runs with (its CLI's --model; default: the CLI's own)",
    "--agents LIST      fan out: one run per member, 2 to 8, agent[:model] comma-separated,",
    "                   e.g. claude,codex:gpt-5.5,opencode:anthropic/claude-sonnet-4-5 (a group: arbor group GRP-n)",
    "--cwd, -C DIR      working directory for the agent (resolved to an absolute path)",
    '--session, -s SESS run as the next turn of this session (its latest turn), like the run form\'s "run as"',
    "--fork             (with --session) fork the session instead",
    "--fresh-session    (with --session) a new session carrying Arbor's transcript instead of resuming",
    "--mode MODE        what the agent may do alone: ask (anything beyond editing files waits for you), edits, plan, trusted",
    '--allow RULE       (with --mode) allowed without asking, e.g. "Bash(npm test:*)" (repeatable)',
    '--deny RULE        (with --mode) always refused, e.g. "Bash(git push:*)" (repeatable)',
    "--follow, -f       stream the log until the execution ends (with --agents: wait for every member)",
    '--json             print JSON instead of text; a prompt of "-" is read from stdin',
  ],
  continue: [
    "--fresh-session    a new session carrying Arbor's transcript of the conversation, instead of resuming the agent's",
    "--mode MODE        what the agent may do alone: ask (anything beyond editing files waits for you), edits, plan, trusted",
    '--allow RULE       (with --mode) allowed without asking, e.g. "Bash(npm test:*)" (repeatable)',
    '--deny RULE        (with --mode) always refused, e.g. "Bash(git push:*)" (repeatable)',
    "--follow, -f       stream the log until the execution ends",
    "--json             print JSON instead of text",
  ],
  fork: [
    "--agent, -a NAME   fork to another agent: a new session of it carrying Arbor's transcript (default: the source's agent)",
    "--model M          the model the fork runs with (default: the source's when the agent is the same)",
    "--agents LIST      fan out: one fork per member, 2 to 8, agent[:model] comma-separated (a group: arbor group GRP-n)",
    "--fresh-session    a new session carrying Arbor's transcript of the conversation, instead of the agent's fork",
    "--mode MODE        what the agent may do alone: ask (anything beyond editing files waits for you), edits, plan, trusted",
    '--allow RULE       (with --mode) allowed without asking, e.g. "Bash(npm test:*)" (repeatable)',
    '--deny RULE        (with --mode) always refused, e.g. "Bash(git push:*)" (repeatable)',
    "--follow, -f       stream the log until the execution ends",
    "--json             print JSON instead of text",
  ],
  restart: [
    "--without-conversation   the prompt alone, without Arbor's transcript of the conversation before it",
    "--follow, -f             stream the log until the execution ends",
    "--json                   print JSON instead of text",
  ],
  inbox: ["--all              the decided ones too, newest first", "--json             print JSON instead of text"],
  approve: [
    "--session          allow it for the rest of this agent session (its next turns too)",
    "--project          always allow it in this project (added to the project's allow rules)",
    "--answer \"Q=A\"     answer the agent's question Q with A (an option's label, or your own words; repeatable)",
    '-m "…"             a reply the agent reads',
    "--json             print JSON instead of text",
  ],
  deny: ['-m "…"             what the agent is told (why, or what to change in its plan)', "--json             print JSON instead of text"],
  group: [
    "--follow, -f       wait for every member to end, printing each one's status changes",
    "--apply            (pick) apply the picked member's line of work to its project's base branch",
    "--archive-others   (pick) remove the other members' worktrees (their branches and snapshots are kept)",
    '--note, -m "…"     (pick) why this one',
    "--json             print the group (or the answer) as JSON",
  ],
  show: ["--json             print the header and each event as JSON lines"],
  runners: ["--json             print the runners as JSON ({ items: [...] })"],
  runner: [
    "drain ID           stop the runner taking new turns; its running turns finish, its warm sessions are released,",
    "                   the turns queued for it go to the other runners (`arbor runners` shows it drained)",
    "--json             print the runner as the server answers it",
  ],
  sessions: [
    "--q, -q TEXT       search titles and descriptions",
    "--agent, -a NAME   only sessions of this agent (e.g. claude)",
    "--archived         include archived sessions",
    "--json             print JSON instead of text",
  ],
  session: [
    "--poison           mark it poisoned: later turns start fresh with Arbor's transcript instead of resuming",
    '--note "why"       (with --poison) say why',
    "--unpoison         clear the mark (also one Arbor set itself)",
    "--json             print the session as JSON",
  ],
  agents: ["--json             print the API's answer as JSON"],
  mcp: [
    "--url URL          the Arbor server (its /api/mcp), when ARBOR_MCP_URL is not set",
    "ARBOR_MCP_URL      Arbor's MCP endpoint, e.g. http://127.0.0.1:3000/api/mcp (Arbor gives it to a run's agents)",
    "ARBOR_MCP_TOKEN    the run's MCP token (required; never an argument, never printed); good while the run's turn runs",
    "stdout carries only JSON-RPC; what went wrong is said on stderr. It runs until stdin ends.",
    'an MCP client\'s config: {"command": "npx", "args": ["arbor", "mcp"], "env": {"ARBOR_MCP_URL": "…", "ARBOR_MCP_TOKEN": "…"}}',
  ],
  issue: [
    'create "TITLE"                a new issue (open); its text from --body TEXT, --body - or --body-file FILE (- reads stdin)',
    "  --project, -p PROJ|default  the project it belongs to (default: the default workspace)",
    "  --spec SPEC                 the spec it belongs to",
    "  --priority P                low, medium (default), high or urgent",
    "list                          newest first (`arbor issues` for short)",
    "  --project, -p PROJ|default  only that project's issues",
    "  --status S                  open, in_progress, done or closed",
    "  --spec SPEC                 only that spec's issues (none: issues without a spec)",
    "  -q TEXT                     search titles and text",
    "show ISSUE                    its text, status, priority, project and spec, its sessions, and what cites it",
    "--json                        print the API's answer as JSON",
  ],
  spec: [
    'create "TITLE"                a new spec; its text from --body TEXT, --body - or --body-file FILE (- reads stdin)',
    "  --project, -p PROJ|default  the project it belongs to (default: the default workspace)",
    "list                          newest first (`arbor specs` for short)",
    "  --project, -p PROJ|default  only that project's specs",
    "  -q TEXT                     search titles and text",
    "show SPEC                     its text, project, its issues, and what cites it",
    "--json                        print the API's answer as JSON",
  ],
  search: [
    '"two words"        a phrase; -word leaves a word out; this or that: either; results with every word come first',
    "--limit, -n N      at most N results (1-100, default 20)",
    "--json             print the API's answer as JSON",
  ],
  stats: [
    "--issue ISSUE, --spec SPEC, --agent NAME, --model NAME, --session SESS   narrow to these executions",
    "--since 7d|12w|48h|all   executions created since then (default 30d)",
    "--from DATE --to DATE     a date range instead (YYYY-MM-DD, --to included)",
    "--bucket day|week         trend resolution (default: by range)",
    "--json                    print the API's answer as JSON",
  ],
  mark: [
    "worked | failed           whether it did the job (replaces an earlier mark); SESS-n marks a whole session",
    "preferred                 its line is the one chosen at its branching point (a fork over the original, or the original over its forks)",
    "--note, -m TEXT           why",
    "--over EXEC               preferred over this alternative (picks the branching point when there are several)",
    "--json                    print the outcome as JSON",
  ],
  unmark: ["--preferred            clear the choice its line holds instead of its worked / failed mark", "--json                 print the outcome as JSON"],
  bundle: [
    "list                         bundles, most recently changed first",
    "show BUNDLE                  its items in order, with titles",
    'create "NAME" [-d TEXT]      a new, empty bundle (--description, -d)',
    "add BUNDLE ID…               append sessions, specs, issues or commit SHAs (ids already there stay)",
    "export BUNDLE > FILE.json    the portable JSON (format arbor.bundle, version 1)",
    "import FILE.json | -         a new bundle from an export; unknown ids are listed and nothing is stored",
    'load BUNDLE "PROMPT"         continue its most recent session (or start on its first issue) with its context',
    "--follow, -f                 (load) stream the new execution's log until it ends",
    "--json                       print JSON instead of text",
  ],
  project: [
    "add DIR                      register a directory (relative to here): any directory, your consent to agents working",
    "                             there in worktrees of it (inside ARBOR_WORKSPACE_ROOTS when the operator set it)",
    "  --name NAME                its name (default: the folder's)",
    "  --base-branch BRANCH       git: where runs start and Apply merges (default: the checked-out branch)",
    "  --agent, -a NAME           the agent its issues run by default",
    "  --run-hooks-on-apply       Apply runs the repository's own hooks, filters and merge drivers (off: nothing of it runs)",
    "  --no-mcp                   its runs do not get Arbor's MCP server (on by default: agents may consult Arbor)",
    "  --mode MODE                what agents may do alone there: ask (anything beyond editing files waits for you),",
    "                             edits (edits only, the rest refused), plan (a plan first), trusted (everything)",
    "  --allow RULE, --deny RULE  rules over the mode, repeatable (e.g. --allow 'Bash(npm test:*)' --deny 'Bash(git push:*)')",
    "edit PROJ|default            change what is given (default, the default workspace: --mode … or --clear-permissions only)",
    "  --name, --base-branch, --agent NAME|none, --run-hooks-on-apply | --no-run-hooks-on-apply, --mcp | --no-mcp,",
    "  --mode … | --clear-permissions",
    "list                         registered projects and the default workspace (--archived: the archived ones)",
    "show PROJ                    its facts, hooks on Apply, Arbor's MCP server, what agents may do, repository state, worktrees",
    "archive PROJ                 hide a project that has history: no new runs, its specs, issues, runs and worktrees kept",
    "unarchive PROJ               bring it back",
    "remove PROJ                  unregister it (refused while specs, issues or executions use it: archive it); files untouched",
    "clean PROJ                   remove the worktrees of archived sessions (--delete-branches: their arbor/ branches too)",
    "--json                       print JSON instead of text",
  ],
  diff: [
    "one execution: what it changed, from the commit it started at to its snapshot",
    "two executions: from the first's snapshot to the second's (e.g. two forks)",
    "--stat             only the file list with +/− counts",
    "--json             print the API's answer as JSON",
  ],
  apply: [
    "shows what the project's base branch will receive: the whole line of work merged onto the branch's head now",
    "(files, +/−, the patch), then asks before applying it to the main checkout; squashed into one commit by default",
    "on conflicts: the files, and the next steps (a Continue asking the agent to resolve them, or its worktree to open)",
    "refused, changing nothing, when that checkout has uncommitted changes or is on another branch",
    "--yes, -y          apply without asking (needed where there is no terminal to confirm on)",
    "--merge            a merge commit that keeps the line of work's history instead of one squashed commit",
    "--message, -m TEXT the commit message (default: names the execution and its issue)",
    "--stat             the preview's file list only, without its patch",
    "--json             print JSON instead of text (with --yes, the result of Apply)",
  ],
};

export function helpText(asked?: string): { text: string; ok: boolean } {
  const topic = asked && Object.hasOwn(ALIASES, asked) ? ALIASES[asked] : asked;
  if (topic && Object.hasOwn(USAGE, topic)) {
    const name = topic as Documented;
    const lines = [`usage: ${USAGE[name]}`, "", DESCRIPTIONS[name]];
    const opts = OPTION_HELP[name];
    if (opts) lines.push("", "options:", ...opts.map((o) => `  ${o}`));
    return { text: lines.join("\n"), ok: true };
  }
  const names = Object.keys(USAGE) as Documented[];
  const lines = [
    "arbor — run AI coding agents on issues and grow their session trees",
    "",
    "commands:",
    ...names.flatMap((n) => [`  ${USAGE[n]}`, `      ${DESCRIPTIONS[n]}`]),
    "",
    "ids:",
    "  an execution is named by its full id or by the short id the app and `arbor tree` show (8 or more of its first hex",
    "  characters, e.g. 3f2a9c1e); a short id several executions share is refused with the list of them",
    "",
    "global options:",
    "  --url URL   Arbor server (overrides ARBOR_URL)",
    "  --help, -h  help for a command",
    "",
    "environment:",
    "  ARBOR_URL    Arbor server URL (default http://127.0.0.1:3000)",
    "  ARBOR_TOKEN  sent as `Authorization: Bearer <token>` when set",
    "  ARBOR_MCP_URL, ARBOR_MCP_TOKEN  `arbor mcp`: Arbor's MCP endpoint and the run's token",
    "  NO_COLOR     disable colors",
    "",
    "exit codes: 0 ok (show/--follow: the execution completed), 1 error or the execution did not complete, 2 usage error, 130 detached (Ctrl-C)",
  ];
  if (asked) return { text: `arbor: unknown command "${asked}"\n\n${lines.join("\n")}`, ok: false };
  return { text: lines.join("\n"), ok: true };
}
