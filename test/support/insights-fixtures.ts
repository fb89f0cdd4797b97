// An InsightsDto for component tests: a small, consistent history (override anything).
import type { InsightsDto, Ratio, SeriesPoint } from "@/lib/insights/schema";
import type { ExecutionOutcome } from "@/lib/outcomes/schema";

const ratio = (count: number, of: number): Ratio => ({ count, of, value: of ? count / of : null, drill: { verdict: "worked" }, ofDrill: {} });

function point(bucket: string, over: Partial<SeriesPoint> = {}): SeriesPoint {
  return {
    bucket,
    executions: 4,
    captureRate: 0.75,
    resumeSuccess: 1,
    continuationShare: 0.25,
    forkShare: 0.25,
    workedRate: 0.5,
    judged: 2,
    timeToSessionP50Ms: 1200,
    timeToSessionP95Ms: 2400,
    timed: 3,
    forkChosen: null,
    preferencesDecided: 0,
    specsCitingShare: 0.5,
    tokens: { inputTokens: 1000, outputTokens: 100, cacheReadTokens: null },
    costUsd: 0.5,
    ...over,
  };
}

export function makeInsights(over: Partial<InsightsDto> = {}): InsightsDto {
  const rows = (key: string, label: string) => ({
    key,
    label,
    executions: 8,
    finished: 7,
    completed: 6,
    judged: 4,
    worked: 3,
    failed: 1,
    completionRate: 6 / 7,
    workedRate: 0.75,
    tokens: { inputTokens: 2000, outputTokens: 200, cacheReadTokens: null },
    costUsd: 1,
    drill: { agent: key },
    workedDrill: { agent: key, verdict: "worked" },
    judgedDrill: { agent: key, verdict: "judged" },
  });
  return {
    scope: { filters: {}, from: "2026-03-01T00:00:00.000Z", to: "2026-03-03T00:00:00.000Z", bucket: "day", drill: { to: "2026-03-03T00:00:00.000Z" } },
    empty: false,
    totals: { executions: 8, finished: 7, completed: 6, running: 1 },
    metrics: {
      sessionCapture: { ...ratio(6, 8), target: 0.95 },
      timeToSession: { p50Ms: 1200, p95Ms: 2400, timed: 6, captured: 6, targetMs: 5000, drill: { timed: "yes" } },
      resumeSuccess: { ...ratio(2, 2), target: 0.9 },
      continuations: { ...ratio(2, 8), target: 0.3 },
      forks: { ...ratio(2, 8), target: 0.1 },
      forkPreference: { ...ratio(0, 0), originalChosen: 0, undecided: 1, target: [0.4, 0.6] },
      specsCitingSessions: { ...ratio(1, 2), sessionsCited: 1, target: 0.2 },
    },
    consultation: {
      share: ratio(3, 8),
      consulted: { executions: 3, drill: { consultedSessions: "yes" }, succeeded: ratio(3, 3), worked: ratio(2, 2) },
      notConsulted: { executions: 5, drill: { consultedSessions: "no" }, succeeded: ratio(3, 4), worked: ratio(1, 2) },
    },
    groupWins: {
      groups: 3,
      decided: 2,
      byAgentModel: [
        { agent: "claude", model: "claude-sonnet-4-5", members: 2, wins: 2, winRate: 1 },
        { agent: "codex", model: null, members: 2, wins: 0, winRate: 0 },
      ],
    },
    sessionState: { sessions: 3, versions: 7, latestBytes: 4 * 1024 * 1024, storedBytes: 900 * 1024, restoredTurns: 2 },
    checks: {
      checked: 4,
      passed: 3,
      passRate: 0.75,
      byAgent: [{ key: "claude", checked: 4, passed: 3, passRate: 0.75 }],
      byModel: [],
      byLineage: [
        { key: "new", checked: 2, passed: 1, passRate: 0.5 },
        { key: "continue", checked: 2, passed: 2, passRate: 1 },
      ],
      byConsulted: [{ key: "no", checked: 4, passed: 3, passRate: 0.75 }],
    },
    series: [point("2026-03-01"), point("2026-03-02", { captureRate: null, executions: 0 })],
    outcomes: {
      judged: 4,
      worked: 3,
      failed: 1,
      unjudged: 4,
      bySource: [{ source: "mark", label: "Marked", worked: 3, failed: 1 }],
      signals: [{ id: "issue_done", label: "Issue closed as done", verdict: "worked", count: 0, drill: { signal: "issue_done" } }],
      drill: { worked: { verdict: "worked" }, failed: { verdict: "failed" }, unjudged: { verdict: "none" } },
    },
    breakdowns: [
      { id: "agent", label: "Agent", truncated: 0, rows: [rows("claude", "claude")] },
      { id: "lineage", label: "How it started", truncated: 0, rows: [] },
    ],
    tokens: [
      { id: "inputTokens", label: "Input tokens", total: 2000, recorded: 6, of: 8 },
      { id: "outputTokens", label: "Output tokens", total: 200, recorded: 6, of: 8 },
      { id: "cacheReadTokens", label: "Cache-read tokens", total: null, recorded: 0, of: 8 },
    ],
    costUsd: { total: 1, recorded: 6 },
    usage: {
      by: "agent",
      measure: "tokens",
      keys: [{ key: "claude", label: "claude", drill: { agent: "claude" } }],
      points: [
        { bucket: "2026-03-01", values: { claude: 2200 } },
        { bucket: "2026-03-02", values: { claude: 0 } },
      ],
    },
    failures: { total: 1, rows: [{ code: "agent_error", count: 1, share: 1, drill: { errorCode: "agent_error" } }] },
    tokenMeasures: [
      { id: "inputTokens", label: "Input tokens" },
      { id: "outputTokens", label: "Output tokens" },
      { id: "cacheReadTokens", label: "Cache-read tokens" },
    ],
    generatedAt: "2026-03-03T00:00:00.000Z",
    ...over,
  };
}

/** An execution's outcome (GET /api/executions/:id/outcome): markable, not judged; override anything. */
export function makeOutcome(executionId: string, over: Partial<ExecutionOutcome> = {}): ExecutionOutcome {
  return {
    executionId,
    issueId: "ISSUE-1",
    markable: true,
    mark: null,
    sessionMark: null,
    signals: [],
    effective: { verdict: null, source: null },
    preferences: [],
    branchPoint: null,
    ...over,
  };
}
