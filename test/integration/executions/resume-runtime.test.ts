import fs from "node:fs";
import path from "node:path";
import type { ExecutionDto } from "@/lib/executions/schema";
import { prisma } from "@/server/db";
import { releaseWorkerUtils } from "@/server/queue/worker-utils";
import type { RunnerHandle } from "@/server/runner/process/run-runner";
import { resetDb } from "@/test/support/db";
import { createHarness, type Harness } from "@/test/support/executions-harness";
import { makeIssue } from "@/test/support/factories";
import { api, waitForEnd } from "@/test/support/executions-api";
import { StandIn, turnText } from "@/test/support/turn-script";

// The runtime guards, against real wrappers of the real Claude Code CLI:
// - another executable (a wrapper script: another real path) never resumes a
//   session made by the installed CLI, and never even tries: the turn starts
//   fresh with Arbor's transcript;
// - a CLI whose --help does not list --resume is never sent it.
// Each wrapper logs its argv, which is how the tests know what was (not) sent.

jest.setTimeout(120_000);

let h: Harness;
let standIn: StandIn;
let runner: RunnerHandle | null = null;
let dir: string;
const REAL = fs.realpathSync(process.env.CLAUDE_BIN ?? path.join(process.cwd(), "node_modules/.bin/claude"));

beforeAll(async () => {
  await resetDb();
  h = await createHarness();
  standIn = new StandIn(h.api);
  dir = path.join(h.tmp, "wrappers");
  fs.mkdirSync(dir);
});
afterAll(async () => {
  await h?.close();
  await releaseWorkerUtils();
  await prisma.$disconnect();
});

/**
 * A shell script that logs its arguments (one call a line) and runs the real
 * CLI; `helpFilter` edits what --help prints, `version` replaces what
 * --version prints.
 */
function wrapper(name: string, helpFilter = "cat", version?: string): { bin: string; calls: () => string[] } {
  const bin = path.join(dir, name);
  const log = `${bin}.calls`;
  const versionLine = version ? `if [ "$1" = "--version" ]; then echo '${version} (Claude Code)'; exit 0; fi\n` : "";
  fs.writeFileSync(
    bin,
    `#!/bin/sh\nprintf '%s' "$*" | tr '\\n' ' ' >> '${log}'\necho >> '${log}'\n${versionLine}if [ "$1" = "--help" ]; then '${REAL}' --help | ${helpFilter}; exit 0; fi\nexec '${REAL}' "$@"\n`,
    { mode: 0o755 },
  );
  return { bin, calls: () => (fs.existsSync(log) ? fs.readFileSync(log, "utf8").trim().split("\n") : []) };
}

/** The one runner, holding the sessions ("test-runner"), restarted with another CLAUDE_BIN. */
async function runnerWith(claudeBin: string): Promise<void> {
  await runner?.stop();
  // Every turn spawns (warm sessions off): the guards checked here decide spawns. A warm process is the
  // executable that made its session; an upgrade on disk closes it (warm-sessions.test.ts).
  runner = await h.startRunner({ env: { CLAUDE_BIN: claudeBin, ARBOR_WARM_SESSIONS: "0" } });
}

async function done(response: Promise<{ status: number; body: ExecutionDto }>): Promise<ExecutionDto> {
  const created = await response;
  expect(created.status).toBe(201);
  return waitForEnd(created.body.id);
}

test("a different executable (another real path) never resumes the session: fresh with Arbor's transcript, --resume never tried", async () => {
  await runnerWith(REAL);
  const issueId = (await makeIssue()).id;
  const first = await done(api.create({ issueId, prompt: "made by the installed CLI sierra-1" }));
  expect(first).toMatchObject({ status: "completed", runtime: { path: REAL, version: "2.1.330" } });

  const other = wrapper("claude-other-build");
  await runnerWith(other.bin);
  const next = await done(api.continue(first.id, "on another build tango-2"));
  expect(next).toMatchObject({
    status: "completed",
    forkedFromExecutionId: first.id,
    parentExecutionId: null,
    runtime: { path: other.bin, version: "2.1.330" },
    resume: {
      decision: "fresh_with_transcript",
      reason: "runtime_changed",
      message: expect.stringContaining(`made by ${REAL} (2.1.330), and this runner now runs ${other.bin} (2.1.330)`),
    },
  });
  const runs = other.calls().filter((c) => c !== "--help" && c !== "--version");
  expect(runs).toHaveLength(1);
  expect(runs[0]).toContain("--session-id");
  expect(runs[0]).not.toContain("--resume");
  const [request] = standIn.requestsFor("on another build tango-2");
  expect(turnText(request)).toContain("made by the installed CLI sierra-1");

  // The new session belongs to the other build; it resumes there.
  const third = await done(api.continue(next.id, "same build again uniform-3"));
  expect(third).toMatchObject({ sessionId: next.sessionId, resume: { decision: "resume", reason: "resumable" } });
  expect(other.calls().some((c) => c.includes(`--resume ${next.sessionId}`))).toBe(true);
});

test("a CLI whose --help lacks --resume is never sent it: the Continue carries Arbor's transcript", async () => {
  const noResume = wrapper("claude-without-resume", "grep -v -e '--resume'");
  await runnerWith(noResume.bin);
  const issueId = (await makeIssue()).id;
  const first = await done(api.create({ issueId, prompt: "made without resume victor-1" }));
  expect(first).toMatchObject({ status: "completed", runtime: { path: noResume.bin } });

  const next = await done(api.continue(first.id, "and whiskey-2"));
  expect(next).toMatchObject({
    status: "completed",
    forkedFromExecutionId: first.id,
    resume: {
      decision: "fresh_with_transcript",
      reason: "capability_missing",
      message: expect.stringMatching(/cannot resume a session \(This Claude Code does not list --resume in --help\)/),
    },
  });
  expect(noResume.calls().filter((c) => c.includes("--resume"))).toEqual([]);
  const [request] = standIn.requestsFor("and whiskey-2");
  expect(turnText(request)).toContain("made without resume victor-1");
  // A Fork too.
  const fork = await done(api.fork(first.id, "fork xray-3"));
  expect(fork.resume).toMatchObject({
    decision: "fresh_with_transcript",
    reason: "capability_missing",
    message: expect.stringMatching(/cannot fork a session/),
  });
  expect(noResume.calls().filter((c) => c.includes("--resume") || c.includes("--fork-session"))).toEqual([]);
});

test("a version upgrade of the same executable still resumes, and is recorded", async () => {
  wrapper("claude-upgraded", "cat", "2.1.329");
  const bin = path.join(dir, "claude-upgraded");
  await runnerWith(bin);
  const issueId = (await makeIssue()).id;
  const first = await done(api.create({ issueId, prompt: "before the upgrade yankee-1" }));
  expect(first.runtime).toEqual({ path: bin, version: "2.1.329" });

  // Upgraded in place: same path, a new version (the probe notices the changed file).
  const upgraded = wrapper("claude-upgraded", "cat", "2.1.330");
  const next = await done(api.continue(first.id, "after the upgrade zulu-2"));
  expect(next).toMatchObject({
    status: "completed",
    parentExecutionId: first.id,
    sessionId: first.sessionId,
    runtime: { path: bin, version: "2.1.330" },
    resume: { decision: "resume", reason: "runtime_upgraded", message: expect.stringContaining("(2.1.329 → 2.1.330)") },
  });
  expect(upgraded.calls().some((c) => c.includes(`--resume ${first.sessionId}`))).toBe(true);
  const session = await prisma.session.findUniqueOrThrow({ where: { id: first.managedSessionId! } });
  expect({ path: session.runtimePath, version: session.runtimeVersion }).toEqual({ path: bin, version: "2.1.330" });
});
