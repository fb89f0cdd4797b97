import type { Summary } from "@/bench/lib/stats";

// What bench/session-id-latency.ts writes to
// bench/results/session-id-latency.json, and bench/run-all.ts reads back for
// the runner's section of docs/performance.md.

export type LatencyScenario = {
  name: string;
  /** init printed → GET returned the id (ms). */
  latency: Summary;
  /** init printed → the runner's status NOTIFY for it arrived here (what the UI's live stream reacts to; ms). */
  statusNotify: Summary;
  /** Duration of the GET that first returned the id: the polling resolution (ms). */
  pollRoundTrip: Summary;
  /** POST returned → GET returned the id: queue pick-up, launch, agent start-up, pipeline (ms). */
  postToVisible: Summary;
  samples: number[];
  warmupSamples: number[];
  loadAverage: number;
};

export type FloodScenario = LatencyScenario & {
  floodLinesPerSecond: number | null;
  /** Cancel of the flood → its execution left "running"; null: not within 300 s. */
  cancelSeconds: number | null;
};

export type RealCliResult = {
  /** Process spawn (wrapper stamp) → GET returned the id (ms). */
  spawnToVisible: Summary;
  postToVisible: Summary;
  samples: number[];
  loadAverage: number;
};

export type SessionLatencyResult = {
  date: string;
  idle: LatencyScenario;
  /** While the same runner ingests a flood. */
  underLoad: FloodScenario | null;
  /** While another runner process on the machine ingests the flood: separates the runner's own share of the delay from the machine's. */
  underLoadOtherRunner?: FloodScenario | null;
  realCli: RealCliResult | null;
};
