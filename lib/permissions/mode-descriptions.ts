import type { PermissionMode } from "./constants";

// What each permission mode means, in one sentence a person reads beside the
// choice (the project's "What agents may do here" and the run forms). The
// precise mapping to each agent's flags is in docs/topics/agents.md.

export const PERMISSION_MODE_SENTENCES: Record<PermissionMode, string> = {
  ask: "Anything beyond editing files waits for you: you allow or deny it on the run's page, in the Inbox or with arbor approve.",
  edits: "Edits files in its own worktree only; anything else (commands, the web) is refused without asking.",
  plan: "Proposes a plan first; once you approve it, the agent goes on as under “Ask me”.",
  trusted:
    "Everything is allowed, commands included. Claude Code refuses this when Arbor runs as root unless IS_SANDBOX=1 says the machine is a sandbox; such a run is then refused up front, saying so.",
};
