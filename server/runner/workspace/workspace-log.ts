// Where a turn's workspace steps (copied files, the setup script) write their
// lines: the turn's own log (TurnRecorder.note), so they are stored and
// announced in order with everything else the turn records. Kinds: "setup"
// ({ message } of Arbor's, or { stream, text } a line the setup script
// printed; server/agents/normalize-stored-event.ts shows both) and "warning".
export type WorkspaceLog = (kind: "setup" | "warning", data: Record<string, unknown>) => void;

/** A log that keeps nothing (a caller with no turn log, e.g. a test of the place alone). */
export const noWorkspaceLog: WorkspaceLog = () => {};
