// What `arbor help` says of each command: its usage line and a sentence.

import type { CommandName } from "./args";

/** One usage line per command (also the source of `arbor help`). */
export const USAGE: Record<Exclude<CommandName, "version">, string> = {
  run: 'arbor run <ISSUE> "<prompt>" [--agent claude [--model M] | --agents claude,codex,gemini:MODEL] [--project PROJ|default] [--shared-directory] [--from REF] [--cwd DIR] [--session SESS [--fork] [--fresh-session]] [--mode ask|edits|plan|trusted [--allow RULE]… [--deny RULE]…] [--follow] [--json]',
  continue:
    'arbor continue <executionId> ["<prompt>"] [--with-review] [--with-check] [--fresh-session] [--mode MODE [--allow RULE]… [--deny RULE]…] [--follow] [--json]',
  fork: 'arbor fork <executionId> "<prompt>" [--agent NAME [--model M] | --model M | --agents a,b:MODEL] [--fresh-session] [--mode MODE [--allow RULE]… [--deny RULE]…] [--follow] [--json]',
  inbox: "arbor inbox [--all] [--json]",
  approve: 'arbor approve <APR> [--session | --project] [--answer "question=answer"]… [-m "reply"] [--json]',
  deny: 'arbor deny <APR> [-m "what the agent is told"] [--json]',
  restart: 'arbor restart <executionId> ["<prompt>"] [--without-conversation] [--follow] [--json]',
  cancel: "arbor cancel <executionId> [--json]",
  show: "arbor show <executionId> [--json]",
  tree: "arbor tree <ISSUE> [--json]",
  group: 'arbor group <GRP> [--follow] | pick <GRP> <executionId> [--apply] [--archive-others] [--note "…"] | cancel <GRP>  [--json]',
  groups: "arbor groups <ISSUE> [--json]",
  issue:
    'arbor issue create "<title>" [--body TEXT|- | --body-file FILE|-] [--project PROJ|default] [--spec SPEC] [--priority low|medium|high|urgent] | list [--project PROJ|default] [--status S] [--spec SPEC] [-q TEXT] | show <ISSUE>  [--json]',
  spec: 'arbor spec create "<title>" [--body TEXT|- | --body-file FILE|-] [--project PROJ|default] | list [--project PROJ|default] [-q TEXT] | show <SPEC>  [--json]',
  sessions: "arbor sessions [--q TEXT] [--agent NAME] [--archived] [--json]",
  session: 'arbor session <SESS> [--poison [--note "why"] | --unpoison] [--no-warm | --warm] [--json]',
  search: 'arbor search "<text>" [--limit N] [--json]',
  agents: "arbor agents [--json]",
  runners: "arbor runners [--json]",
  runner: "arbor runner drain <id> [--json]",
  mcp: "arbor mcp [--url URL]   (ARBOR_MCP_TOKEN=<the run's token> in the environment)",
  bundle:
    'arbor bundle list | show <BUNDLE> | create "<name>" [--description TEXT] | add <BUNDLE> <SESS|SPEC|ISSUE|SHA>… | export <BUNDLE> | import <FILE|-> | load <BUNDLE> "<prompt>" [--follow]  [--json]',
  project:
    "arbor project add <DIR> [--name NAME] [--base-branch BRANCH] [--agent NAME] [--run-hooks-on-apply] [--no-mcp] [--mode MODE [--allow RULE]… [--deny RULE]…] | edit <PROJ|default> [--name NAME] [--base-branch BRANCH] [--agent NAME|none] [--run-hooks-on-apply|--no-run-hooks-on-apply] [--mcp|--no-mcp] [--mode ask|edits|plan|trusted [--allow RULE]… [--deny RULE]… | --clear-permissions] | list [--archived] | show <PROJ> | archive <PROJ> | unarchive <PROJ> | remove <PROJ> | clean <PROJ> [--delete-branches]  [--json]",
  diff: "arbor diff <executionId> [otherExecutionId] [--stat] [--json]",
  apply: 'arbor apply <executionId> [--merge] [--message "…"] [--yes] [--stat] [--json]',
  push: "arbor push <executionId> [--json]",
  pr: 'arbor pr <executionId> [--title "…"] [--body "…"] | status <executionId>  [--json]',
  stats:
    "arbor stats [--issue ISSUE] [--spec SPEC] [--project PROJ|default] [--agent NAME] [--model NAME] [--session SESS] [--since 7d|--from DATE] [--to DATE] [--bucket day|week] [--json]",
  mark: 'arbor mark <executionId|SESS> worked|failed|preferred [--note "…"] [--over <executionId>] [--json]',
  unmark: "arbor unmark <executionId|SESS> [--preferred] [--json]",
  help: "arbor help [command]",
};

export const DESCRIPTIONS: Record<Exclude<CommandName, "version">, string> = {
  run: "Start an agent on an issue (--agents: several agents or models at once on the same prompt, a fan-out group to compare and pick from) (--mode: what it may do alone this run — ask: anything beyond editing files waits for you; edits: edits only; plan: a plan first; trusted: everything) (a new session; in a git project, in a worktree and branch of its own), or run the prompt as the next turn (or a fork) of a session.",
  continue:
    "Resume an execution's session with a new prompt (or, when it cannot resume, a new session carrying Arbor's transcript); it stays with the session's agent and model (fork to change them). --with-review carries the line's pull request review comments and failing CI, --with-check its failing check's output.",
  fork: "Branch a new session from an execution: with its agent, with another (--agent: a new session carrying Arbor's transcript) or with several at once (--agents: a fan-out group).",
  restart:
    "Start fresh after a failed execution: its prompt (or a new one) in a new session, with Arbor's transcript of the conversation before it (default) or without it.",
  cancel: "Cancel a queued or running execution.",
  inbox:
    "What waits for you: every agent's request for a decision (a command, a question, a plan) across issues and projects, oldest first; --all with the decided ones.",
  approve:
    "Allow what an agent asked: once, for the rest of its session (--session), or always in its project (--project); answer its question (--answer); approve its plan.",
  deny: "Refuse what an agent asked; -m tells it why (it reads the message), or what to change in its plan.",
  show: "Print an execution and stream its log until it ends.",
  tree: "Draw an issue's session tree.",
  group:
    "A fan-out group: its members side by side (agent, model, status, files changed, tokens, cost, time to first output, total time) and their final answers; --follow waits for every member. pick keeps one (--apply: onto the base branch; --archive-others: removes the others' worktrees, branches kept); cancel stops the members still queued or running.",
  groups: "An issue's fan-out groups, newest first.",
  issue: "Issues: create one (in a project, for a spec), list them (`arbor issues` for short), show one with its spec, sessions and what cites it.",
  spec: "Specs: create one (in a project), list them (`arbor specs` for short), show one with its issues and what cites it.",
  sessions: "List agent sessions, most recently active first.",
  session:
    "Show a session: its health, savings, whether its agent process is kept warm, executions, issue, parent and forks, and what refers to it; mark or clear it as poisoned; turn warm sessions off (--no-warm) or on (--warm) for it.",
  search: "Search specs and issues (titles and text), prompts, agent output, tool calls, files touched and session titles.",
  agents: "List the agents the server can run: installed?, version, sessions, verified.",
  runners:
    "List the runners: host, state (active, draining, drained, offline), agents installed, turns running of its slots, turns queued for it alone, warm sessions, sessions held, last heartbeat.",
  runner:
    "drain: the runner takes no new turns; its running turns finish, its warm sessions are released and the turns queued for it go to the other runners, so its machine can be retired with nothing lost (it shows drained once it holds nothing).",
  mcp: "Arbor's MCP server over stdio, for MCP clients that only start servers as commands: relays JSON-RPC between stdin/stdout and ARBOR_MCP_URL (else the Arbor URL + /api/mcp) with ARBOR_MCP_TOKEN; a call the server cannot answer comes back as an error saying why.",
  bundle: "Context bundles: list, show, create, add items, export to JSON, import, and load into an agent.",
  project:
    "Projects: register any directory (a git repository gets a worktree per line of work), edit one (name, base branch, agent, hooks on Apply, whether agents may consult Arbor's MCP server, what agents may do), list, show, archive one that has history (hidden, everything kept) or unarchive it, remove an unused one; clean removes the worktrees of archived sessions.",
  diff: "What an execution changed (start → snapshot), or the difference between two executions' snapshots.",
  apply:
    "Show what its project's base branch will receive from a line of work (its whole change onto the branch's head now), then apply it on confirmation (squashed; --merge for a merge commit); nothing changes on conflicts.",
  push: "Push a line of work's branch (arbor/…) with this execution's snapshot to its project's remote (never forced: a branch that moved elsewhere is refused with git's reason).",
  pr: "Open the line's pull request on GitHub (pushing first when needed; Arbor writes the title and body from the session: what was asked, the answer, files changed, the check), or show its state, CI and review comments (status). A line has one PR: asking again shows it.",
  stats: "Insights as a table: the seed's success metrics, outcomes, success per agent / model / approach, tokens and failures.",
  mark: "Say whether an execution (or a session) worked, or prefer one fork of a branching point over the others.",
  unmark: "Clear an execution's (or session's) worked / failed mark, or with --preferred the choice its line holds.",
  help: "Show help.",
};
