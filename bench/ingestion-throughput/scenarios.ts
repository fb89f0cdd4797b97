import { spawnSync } from "node:child_process";
import path from "node:path";

// The ingestion benchmark's scenarios (what each one's agent prints; see
// bench/ingestion-throughput.ts), and how many bytes the fake Claude CLI's
// output comes to.

export type Scenario = {
  id: string;
  title: string;
  agent: "command" | "claude";
  prompt: Record<string, unknown>;
  /** stdout lines the agent prints. */
  lines: number;
  /** Bytes per line including "\n", when known up front. */
  lineBytes: number | null;
};

export function scenarios(scale: number): Scenario[] {
  const n = (x: number) => Math.max(1, Math.round(x * scale));
  return [
    {
      id: "text-1m",
      title: "`command` agent, 100-byte text lines",
      agent: "command",
      prompt: { lines: n(1_000_000), lineBytes: 100 },
      lines: n(1_000_000),
      lineBytes: 101,
    },
    {
      id: "text-3m",
      title: "`command` agent, 100-byte text lines, 3× longer run",
      agent: "command",
      prompt: { lines: n(3_000_000), lineBytes: 100 },
      lines: n(3_000_000),
      lineBytes: 101,
    },
    {
      id: "text-4k",
      title: "`command` agent, 4 KiB text lines",
      agent: "command",
      prompt: { lines: n(25_600), lineBytes: 4096 },
      lines: n(25_600),
      lineBytes: 4097,
    },
    {
      id: "claude",
      title: "Claude stream-json assistant lines, Claude parser",
      agent: "claude",
      prompt: { mode: "flood", lines: n(120_000), textBytes: 400 },
      lines: n(120_000) + 2, // + init and result
      lineBytes: null,
    },
  ];
}

/** Bytes the fake Claude CLI prints for a flood request: every assistant line has the same length. */
export function fakeClaudeOutputBytes(prompt: Record<string, unknown>): number {
  const size = (lines: number) =>
    spawnSync(
      process.execPath,
      [
        path.join("bench", "agents", "fake-claude.mjs"),
        "-p",
        "--session-id",
        "00000000-0000-4000-8000-000000000000",
        "--",
        JSON.stringify({ ...prompt, lines }),
      ],
      {
        maxBuffer: 1024 * 1024,
      },
    ).stdout.length;
  const one = size(1);
  return one + (size(2) - one) * (Number(prompt.lines) - 1);
}
