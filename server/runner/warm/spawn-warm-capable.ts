import { prisma } from "@/server/db";
import { openingLines } from "@/server/runner/approvals/live-channel";
import type { SpawnOptions } from "@/server/runner/warm/turn-agent";
import { binaryStat } from "@/server/runner/warm/warm-guards";
import type { Planned } from "@/server/runner/warm/warm-plan";
import { WarmProcess } from "@/server/runner/warm/warm-process";

// A turn's agent spawned as a process that can stay warm (streaming input):
// its prompt is its first message, and after the turn it may be kept for the
// session's next one (warm-sessions.ts).

export function spawnWarmCapable(turn: Planned, options: SpawnOptions) {
  const { execution } = options;
  const process = new WarmProcess({
    argv: turn.prepared.argv,
    env: turn.prepared.env,
    cwd: options.cwd,
    baseEnv: options.baseEnv,
    protocol: turn.prepared.streamInput!.protocol,
    agentId: execution.agent,
    // Where it runs (settled, real): a Continue's recorded cwd is its source's, i.e. this.
    requestedCwd: options.cwd,
    model: execution.model,
    projectId: execution.projectId,
    mcpTokenHash: turn.mcpTokenHash,
    runtime: { path: null, version: null },
    permissions: turn.permissions,
    opening: openingLines(turn.prepared.agent, turn.permissions),
  });
  process.sessionId = turn.prepared.expectedSessionId;
  // What the binary was at its start, so an upgrade on disk retires it (off the spawn's path).
  void binaryStat(process).then((binary) => (process.options.binary = binary));
  // Its runtime, for the resume guards of its later turns: what the plan recorded on the execution.
  void prisma.execution
    .findUnique({ where: { id: execution.id }, select: { runtimePath: true, runtimeVersion: true } })
    .then((row) => Object.assign(process.options.runtime, { path: row?.runtimePath ?? null, version: row?.runtimeVersion ?? null }))
    .catch(() => {});
  return { process, turn: process.send(turn.prepared.streamInput!.prompt, execution.id) };
}
