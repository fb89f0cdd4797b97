import type { RunnerDto } from "@/lib/runners/schema";
import { ago, formatRunnerTable } from "./runners";
import { plain } from "./style";

const NOW = Date.parse("2026-11-27T12:00:00.000Z");

const runner = (overrides: Partial<RunnerDto> = {}): RunnerDto => ({
  id: "box-1",
  hostname: "build-1",
  pid: 7,
  alive: true,
  state: "active",
  installedAgents: ["claude"],
  concurrency: 2,
  running: 1,
  queued: 0,
  warmSessions: 1,
  prestarted: 1,
  sessionsHeld: 3,
  startedAt: "2026-11-27T11:00:00.000Z",
  heartbeatAt: "2026-11-27T11:59:57.000Z",
  stoppedAt: null,
  drainingAt: null,
  drainedAt: null,
  ...overrides,
});

test("one aligned line per runner under a header", () => {
  const lines = formatRunnerTable(
    [runner(), runner({ id: "old", state: "offline", concurrency: null, running: 0, installedAgents: [], heartbeatAt: "2026-11-25T12:00:00.000Z" })],
    plain,
    NOW,
  );
  expect(lines).toEqual([
    "RUNNER  HOST             STATE    AGENTS  RUNNING  QUEUED  WARM  PRESTARTED  SESSIONS  HEARTBEAT",
    "box-1   build-1 (pid 7)  active   claude  1/2      0       1     1           3         3s ago",
    "old     build-1 (pid 7)  offline  —       0        0       1     1           3         2d ago",
  ]);
});

test("ago: seconds, minutes, hours, days", () => {
  expect([0, 59, 60, 3_599, 3_600, 86_400].map((s) => ago(new Date(NOW - s * 1000).toISOString(), NOW))).toEqual([
    "0s ago",
    "59s ago",
    "1m ago",
    "59m ago",
    "1h ago",
    "1d ago",
  ]);
});
