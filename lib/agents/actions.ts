import type { SessionCapability } from "./schema";

// Which follow-ups an agent's runs offer, from what the agent can do with
// sessions (seed 002 / issue 10: never a button that fails for a reason Arbor
// knew). The server's rules (server/turns/resolve-follow-up.ts) say the same: an agent
// without sessions refuses Continue and Fork; one without a fork of its own
// forks by starting a new session that carries Arbor's transcript.

export type FollowUpActions = {
  /** Its runs can be continued (and forked) at all. */
  hasSessions: boolean;
  /** It forks natively; otherwise a Fork carries Arbor's transcript into a new session. */
  nativeFork: boolean;
  /** It can fork at an earlier message of a session that moved on; otherwise such a fork carries Arbor's transcript. */
  forkAtMessage: boolean;
};

export function followUpActions(capabilities: readonly SessionCapability[]): FollowUpActions {
  const has = (capability: SessionCapability) => capabilities.includes(capability);
  return { hasSessions: has("resume-by-id"), nativeFork: has("fork"), forkAtMessage: has("fork-at-message") };
}
