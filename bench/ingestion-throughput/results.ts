// What bench/ingestion-throughput.ts writes to
// bench/results/ingestion-throughput.json, and bench/run-all.ts reads back
// for the runner's section of docs/performance.md.

export type IngestionRun = {
  id: string;
  title: string;
  agent: string;
  lines: number;
  stdoutBytes: number;
  storedStdoutRows: number;
  status: string;
  /** Rows / (last batch − first batch), from execution_events.created_at. */
  linesPerSecond: number;
  mbPerSecond: number;
  ingestSeconds: number;
  /** startedAt → finishedAt of the execution (spawn to final status). */
  executionSeconds: number;
  /** CPU time the runner process used during the run, per 100k lines. */
  runnerCpuMsPer100kLines: number;
  /** CPU time of the Postgres backends connected to arbor_bench, per 100k lines. */
  postgresCpuMsPer100kLines: number;
  /** Whole machine: share of all cores busy during the run (0..1); other users' work included. */
  machineBusy: number;
  rss: {
    idleBefore: number;
    peak: number;
    atFinish: number;
    after5s: number;
    /** Peak RSS in each quarter of the run, to show a trend (or none). */
    quarters: number[];
  };
  rssTimeline: Array<{ s: number; mb: number }>;
  loadAverage: number;
};

export type IngestionScenarioResult = {
  id: string;
  title: string;
  lines: number;
  stdoutBytes: number;
  /** Median / min / max over the repetitions. */
  linesPerSecond: { median: number; min: number; max: number };
  /** The worst repetition's runner RSS. */
  rss: { idleBefore: number; peak: number; growth: number; atFinish: number; after5s: number };
  runs: IngestionRun[];
};

export type IngestionResult = { date: string; repeat: number; scenarios: IngestionScenarioResult[] };
