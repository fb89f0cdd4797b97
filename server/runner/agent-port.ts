// What the runner needs from the agent layer (server/agents), in the runner's
// own terms. server/runner/agent-adapter.ts implements it on top of the
// registry, launch builders, parsers and the process wrapper.

export type LaunchKind =
  | { kind: "new"; sessionId: string }
  | { kind: "continue"; sessionId: string }
  | { kind: "fork"; fromSessionId: string; newSessionId: string; resumeAtMessageId: string | null };

export type LineSignals = {
  /** The session id the agent reports at start (system/init). */
  sessionId?: string;
  /** The uuid of an assistant message (kept for exact-point forks). */
  assistantMessageId?: string;
  result?: {
    sessionId: string | null;
    isError: boolean;
    errorMessage: string | null;
    sessionNotFound: boolean;
    inputTokens: number | null;
    outputTokens: number | null;
    costUsd: number | null;
    durationMs: number | null;
    numTurns: number | null;
  };
};

export type ParsedAgentLine = { kind: string; json: string; signals: LineSignals };

export type PreparedLaunch =
  | { ok: true; bin: string; args: string[]; parseLine: (line: string, truncated: boolean) => ParsedAgentLine; supportsResumeAt: boolean }
  | { ok: false; code: "agent_not_found" | "agent_unsupported"; message: string };

export type RunningAgent = {
  pid: number | undefined;
  onStdoutLine(handler: (line: string, truncated: boolean) => void): void;
  onStderr(handler: (text: string) => void): void;
  pause(): void;
  resume(): void;
  wait(): Promise<{ exitCode: number | null; signal: NodeJS.Signals | null; spawnError?: { code: string; message: string } }>;
  terminate(graceMs: number): Promise<void>;
};
