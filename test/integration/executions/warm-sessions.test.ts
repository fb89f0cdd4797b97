import fs from "node:fs";
import { GET as statusStream } from "@/app/api/executions/stream/route";
import type { ExecutionDto } from "@/lib/executions/schema";
import { prisma } from "@/server/db";
import { api, completed, waitForDto, waitForEnd } from "@/test/support/executions-api";
import { useRestartableRunner } from "@/test/support/executions-harness";
import { makeIssue } from "@/test/support/factories";
import { sessionsApi } from "@/test/support/sessions-api";
import { SseReader } from "@/test/support/sse-reader";
import { historyText } from "@/test/support/turn-script";
import { waitFor } from "@/test/support/wait";
import { bashTurn, gitProject, readIn } from "@/test/support/worktree-runs";
import { liveGroupMembers } from "@/test/integration/agents/support/live-group-members";

// Warm sessions with the real Claude Code CLI against the Messages-API
// stand-in: after a completed turn the runner keeps the session's process;
// a Continue of that turn is its next message (same pid, the model sees the
// whole conversation, the turn is its own execution). Idle expiry, a fork, a
// process that died or hangs, a cancel, the person's switch and runner
// shutdown all end with the process closed and the next turn spawned, which
// still resumes the session.

jest.setTimeout(120_000);

const suite = useRestartableRunner({ ARBOR_WARM_SESSIONS: "1", ARBOR_WARM_IDLE_SECONDS: "60" });
const runnerWith = suite.runnerWith;

/** The session's warm state as the API shows it, once `predicate` holds. */
async function sessionOf(executionId: string, predicate: (s: Awaited<ReturnType<typeof sessionsApi.get>>["body"]) => boolean, what: string) {
  const { managedSessionId } = await prisma.execution.findUniqueOrThrow({ where: { id: executionId } });
  return waitFor(
    async () => {
      const got = await sessionsApi.get(managedSessionId!);
      return got.status === 200 && predicate(got.body) ? got.body : undefined;
    },
    what,
    15_000,
  );
}

const gone = (pid: number, what: string) => waitFor(() => liveGroupMembers(pid).length === 0, what, 10_000);

test("a Continue of the head goes to the live process: same pid and session, the whole conversation, its own execution", async () => {
  await runnerWith();
  const issueId = (await makeIssue()).id;
  const first = await completed(api.create({ issueId, prompt: "warm first kiwi" }));
  expect(first.launch).toMatchObject({ kind: "spawn", pid: expect.any(Number) });
  const warm = await sessionOf(first.id, (s) => s.warm !== null, "the session to be warm");
  expect(warm.warm).toMatchObject({ runnerId: "test-runner", pid: first.launch!.pid });
  expect(liveGroupMembers(first.launch!.pid!)).toContain(first.launch!.pid);

  const second = await completed(api.continue(first.id, "warm second lime"));
  expect(second).toMatchObject({
    sessionId: first.sessionId,
    sessionConfirmed: true,
    parentExecutionId: first.id,
    launch: { kind: "warm", pid: first.launch!.pid },
  });
  const request = suite.standIn.requestFor("warm second lime");
  expect(request.sessionId).toBe(first.sessionId);
  expect(historyText(request)).toContain("user: warm first kiwi");
  expect(historyText(request)).toContain("assistant: Echo: warm first kiwi");
  // Its own events, usage and timings: the first turn's lines are not in it.
  const events = await api.events(second.id);
  const texts = events.body.events.flatMap((e) => e.entries.flatMap((entry) => ("text" in entry ? [entry.text] : [])));
  expect(texts.join("\n")).toContain("Echo: warm second lime");
  expect(texts.join("\n")).not.toContain("Echo: warm first kiwi");
  expect(second.usage).toMatchObject({ numTurns: 1 });
  expect(second.usage!.costUsd!).toBeLessThan(first.usage!.costUsd! * 1.5 + 0.001);
  expect(second.timings).toMatchObject({
    requestedAt: expect.any(Number),
    claimedAt: expect.any(Number),
    spawnedAt: expect.any(Number),
    sessionAt: expect.any(Number),
  });

  // And a third, still the same process.
  const third = await completed(api.continue(second.id, "warm third mango"));
  expect(third.launch).toMatchObject({ kind: "warm", pid: first.launch!.pid });
  expect(historyText(suite.standIn.requestFor("warm third mango"))).toContain("user: warm second lime");

  // An open page hears the next warm turn running, on its session and the warm process, while the model
  // has not answered yet (its announcement now rides on its process record, not on the claim or the init line).
  const controller = new AbortController();
  const stream = await statusStream(new Request(`http://127.0.0.1:3000/api/executions/stream?issueId=${issueId}`, { signal: controller.signal }), {
    params: Promise.resolve({}),
  } as never);
  const reader = new SseReader(stream.body!);
  expect((await reader.next())?.event).toBe("ready");
  const held = suite.standIn.hold("warm fourth plum");
  const fourth = await api.continue(third.id, "warm fourth plum");
  expect(fourth.status).toBe(201);
  await held.arrived;
  let seen: ExecutionDto | undefined;
  while (!seen) {
    const message = await reader.next();
    const dto = message?.event === "status" ? (JSON.parse(message.data) as ExecutionDto) : null;
    if (dto?.id === fourth.body.id && dto.status === "running" && dto.sessionId) seen = dto;
  }
  expect(seen).toMatchObject({ sessionId: first.sessionId, launch: { kind: "warm", pid: first.launch!.pid } });
  held.release();
  controller.abort();
  await reader.cancel();
  await waitForEnd(fourth.body.id);
});

test("in a git project's worktree, a warm Continue works in the same worktree and its diff is only its own work", async () => {
  await runnerWith();
  const project = await gitProject(suite.h.projects, "warm-app", { "README.md": "# app\n" });
  const issueId = (await makeIssue({ title: "Warm worktree", projectId: project.id })).id;
  suite.standIn.on("warm write notes", bashTurn("printf 'one\\n' > notes.txt"));
  suite.standIn.on("warm append notes", bashTurn("printf 'two\\n' >> notes.txt"));
  const first = await completed(api.create({ issueId, prompt: "warm write notes" }));
  await sessionOf(first.id, (s) => s.warm !== null, "the session to be warm");
  const next = await completed(api.continue(first.id, "warm append notes"));
  expect(next.launch).toMatchObject({ kind: "warm", pid: first.launch!.pid });
  expect(next.worktree).toMatchObject({ path: first.worktree!.path, startSha: first.worktree!.snapshotSha, changes: { files: 1, additions: 1, deletions: 0 } });
  expect(readIn(first.worktree!.path, "notes.txt")).toBe("one\ntwo\n");
});

test("idle expiry closes the process; the next Continue spawns and still resumes", async () => {
  await runnerWith({ ARBOR_WARM_IDLE_SECONDS: "1" });
  const issueId = (await makeIssue()).id;
  const first = await completed(api.create({ issueId, prompt: "idle first papaya" }));
  await sessionOf(first.id, (s) => s.warm !== null, "the session to be warm");
  await gone(first.launch!.pid!, "the idle process to be closed");
  await sessionOf(first.id, (s) => s.warm === null, "the session to be cold again");
  const next = await completed(api.continue(first.id, "after idle plum"));
  expect(next.launch!.kind).toBe("spawn");
  expect(next.launch!.pid).not.toBe(first.launch!.pid);
  expect(next).toMatchObject({ sessionId: first.sessionId, resume: { decision: "resume" } });
  expect(historyText(suite.standIn.requestFor("after idle plum"))).toContain("user: idle first papaya");
});

test("a fork of a warm session spawns, and the warm process is closed first", async () => {
  await runnerWith();
  const issueId = (await makeIssue()).id;
  const first = await completed(api.create({ issueId, prompt: "fork base cherry" }));
  await sessionOf(first.id, (s) => s.warm !== null, "the session to be warm");
  const fork = await completed(api.fork(first.id, "forked grape"));
  expect(fork.launch).toMatchObject({ kind: "spawn", reason: expect.stringMatching(/fork/i) });
  expect(fork.sessionId).not.toBe(first.sessionId);
  await gone(first.launch!.pid!, "the original's warm process to be closed");
  expect(historyText(suite.standIn.requestFor("forked grape"))).toContain("user: fork base cherry");
  // The original session goes on (spawned) with its own history only.
  const cont = await completed(api.continue(first.id, "original goes on melon"));
  expect(cont.launch!.kind).toBe("spawn");
  expect(historyText(suite.standIn.requestFor("original goes on melon"))).not.toContain("forked grape");
});

test("a warm process that died is dropped; one that hangs is replaced by a spawn, the reason recorded", async () => {
  await runnerWith({}, { startTimeoutMs: 2_000 });
  const issueId = (await makeIssue()).id;
  const died = await completed(api.create({ issueId, prompt: "dies later lemon" }));
  await sessionOf(died.id, (s) => s.warm !== null, "the session to be warm");
  process.kill(died.launch!.pid!, "SIGKILL");
  await sessionOf(died.id, (s) => s.warm === null, "the dead process's session to be cold");
  const afterDeath = await completed(api.continue(died.id, "after death orange"));
  expect(afterDeath.launch!.kind).toBe("spawn");
  expect(historyText(suite.standIn.requestFor("after death orange"))).toContain("user: dies later lemon");

  const hangs = await completed(api.create({ issueId, prompt: "hangs later peach" }));
  await sessionOf(hangs.id, (s) => s.warm !== null, "the session to be warm");
  const stuckPid = hangs.launch!.pid!;
  process.kill(stuckPid, "SIGSTOP"); // alive, reads nothing: a hung process
  const afterHang = await completed(api.continue(hangs.id, "after hang pear"));
  expect(afterHang.launch).toMatchObject({ kind: "spawn", reason: expect.stringMatching(/did not answer/) });
  expect(afterHang.launch!.pid).not.toBe(stuckPid);
  expect(afterHang.sessionId).toBe(hangs.sessionId);
  expect(historyText(suite.standIn.requestFor("after hang pear"))).toContain("user: hangs later peach");
  await gone(stuckPid, "the hung process to be stopped");
});

test("a warm turn that ends before the agent said anything does not keep the session: the turn before it stays the head", async () => {
  const wrapper = `${suite.h.tmp}/claude-vanishing`;
  const real = fs.realpathSync(suite.h.env.CLAUDE_BIN!);
  fs.writeFileSync(wrapper, `#!/bin/sh\nexec '${real}' "$@"\n`, { mode: 0o755 });
  await runnerWith({ CLAUDE_BIN: wrapper }, { startTimeoutMs: 2_000 });
  const issueId = (await makeIssue()).id;
  const first = await completed(api.create({ issueId, prompt: "head stays apricot" }));
  await sessionOf(first.id, (s) => s.warm !== null, "the session to be warm");
  const stuckPid = first.launch!.pid!;
  process.kill(stuckPid, "SIGSTOP"); // takes the message, prints nothing
  const created = await api.continue(first.id, "never answered fig");
  await waitForDto(created.body.id, (e) => e.status === "running" && e.launch?.kind === "warm", "the message written to the warm process");
  // Nothing to replace it with: the CLI is gone from disk, so the turn fails without a line of the agent's.
  fs.rmSync(wrapper);
  const failed = await waitForDto(created.body.id, (e) => e.status === "failed", "the unanswered turn to fail", 20_000);
  expect(failed).toMatchObject({ sessionId: null, launch: { kind: "warm" } });
  await gone(stuckPid, "the hung process to be stopped");

  fs.writeFileSync(wrapper, `#!/bin/sh\nexec '${real}' "$@"\n`, { mode: 0o755 });
  const next = await completed(api.continue(first.id, "head still apricot"));
  expect(next).toMatchObject({ parentExecutionId: first.id, forkedFromExecutionId: null, sessionId: first.sessionId });
  expect(historyText(suite.standIn.requestFor("head still apricot"))).toContain("user: head stays apricot");
});

test("cancel of a turn on a warm process stops that turn, closes the process, and the session stays resumable", async () => {
  await runnerWith();
  const issueId = (await makeIssue()).id;
  const first = await completed(api.create({ issueId, prompt: "before cancel quince" }));
  await sessionOf(first.id, (s) => s.warm !== null, "the session to be warm");
  const stuck = suite.standIn.hang("stuck on warm");
  const created = await api.continue(first.id, "stuck on warm");
  await stuck.arrived;
  const running = await waitForDto(created.body.id, (e) => e.status === "running" && e.launch?.kind === "warm", "the warm turn running");
  expect(running.launch!.pid).toBe(first.launch!.pid);
  await api.cancel(running.id);
  const cancelled = await waitForDto(running.id, (e) => e.status === "cancelled", "the warm turn cancelled", 15_000);
  expect(cancelled.error).toBeNull();
  await gone(first.launch!.pid!, "the cancelled turn's process to be closed");
  const after = await completed(api.continue(running.id, "after cancel raspberry"));
  expect(after.launch!.kind).toBe("spawn");
  expect(after.sessionId).toBe(first.sessionId);
  expect(historyText(suite.standIn.requestFor("after cancel raspberry"))).toContain("user: before cancel quince");
});

test("a person turning warm sessions off closes the process; runner shutdown closes the rest cleanly", async () => {
  await runnerWith();
  const issueId = (await makeIssue()).id;
  const one = await completed(api.create({ issueId, prompt: "switch off apricot" }));
  const warm = await sessionOf(one.id, (s) => s.warm !== null, "the session to be warm");
  const off = await sessionsApi.patch(warm.id, { keepWarm: false });
  expect(off.status).toBe(200);
  expect(off.body.keepWarm).toBe(false);
  await gone(one.launch!.pid!, "the switched-off session's process to be closed");
  const next = await completed(api.continue(one.id, "switched off fig"));
  expect(next.launch!.kind).toBe("spawn");
  // Not kept after that turn either.
  await gone(next.launch!.pid!, "the process of a session with warm sessions off to end with its turn");
  await sessionOf(one.id, (s) => s.warm === null && s.keepWarm === false, "the session to stay cold");

  const two = await completed(api.create({ issueId, prompt: "shutdown banana" }));
  await sessionOf(two.id, (s) => s.warm !== null, "the session to be warm");
  await suite.runner!.stop();
  suite.runner = null;
  await gone(two.launch!.pid!, "the warm process to be closed at shutdown");
  await sessionOf(two.id, (s) => s.warm === null, "the session to be cold after shutdown");
  await runnerWith();
  const resumed = await completed(api.continue(two.id, "after restart coconut"));
  expect(resumed).toMatchObject({ launch: { kind: "spawn" }, sessionId: two.sessionId });
  expect(historyText(suite.standIn.requestFor("after restart coconut"))).toContain("user: shutdown banana");
});

test("a CLI upgraded on disk retires the warm process: the next turn spawns the new one", async () => {
  const wrapper = `${suite.h.tmp}/claude-upgradable`;
  const real = fs.realpathSync(suite.h.env.CLAUDE_BIN!);
  fs.writeFileSync(wrapper, `#!/bin/sh\nexec '${real}' "$@"\n`, { mode: 0o755 });
  await runnerWith({ CLAUDE_BIN: wrapper });
  const issueId = (await makeIssue()).id;
  const first = await completed(api.create({ issueId, prompt: "before upgrade damson" }));
  await sessionOf(first.id, (s) => s.warm !== null, "the session to be warm");
  // Upgraded in place: the same path, another file.
  fs.writeFileSync(wrapper, `#!/bin/sh\n# upgraded\nexec '${real}' "$@"\n`, { mode: 0o755 });
  const next = await completed(api.continue(first.id, "after upgrade elderberry"));
  expect(next.launch).toMatchObject({ kind: "spawn", reason: expect.stringMatching(/replaced on disk/) });
  expect(next.sessionId).toBe(first.sessionId);
  await gone(first.launch!.pid!, "the old build's process to be closed");
});

test("the cap holds: sessions continued in a row never keep more warm processes than ARBOR_WARM_MAX", async () => {
  const CAP = 2;
  await runnerWith({ ARBOR_WARM_MAX: String(CAP) });
  const issueId = (await makeIssue()).id;
  const configDir = suite.h.env.CLAUDE_CONFIG_DIR!;
  let maxParked = 0;
  let maxLive = 0;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      const parked = await prisma.session.count({ where: { warmUntil: { gt: new Date() } } });
      maxParked = Math.max(maxParked, parked);
      maxLive = Math.max(maxLive, liveClaudeProcesses(configDir));
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  // Stale rows of earlier tests' runners were cleared at start; each session: a new run, then a Continue.
  for (let i = 0; i < 8; i++) {
    const run = await completed(api.create({ issueId, prompt: `cap run ${i} kumquat` }));
    const next = await completed(api.continue(run.id, `cap continue ${i} lychee`));
    expect(next.launch).toMatchObject({ kind: "warm", pid: run.launch!.pid });
  }
  sampling = false;
  await sampler;
  expect(maxParked).toBeLessThanOrEqual(CAP);
  // One process runs the turn at hand beside the parked ones (and one may be closing as it makes room).
  expect(maxLive).toBeLessThanOrEqual(CAP + 2);
  await waitFor(() => liveClaudeProcesses(configDir) <= CAP, "the processes to settle at the cap", 10_000);
});

/** Claude processes this suite started (by their config dir), alive. */
function liveClaudeProcesses(configDir: string): number {
  let count = 0;
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      if (/\) [ZX] /.test(stat)) continue;
      const environ = fs.readFileSync(`/proc/${entry}/environ`, "utf8");
      if (environ.includes(`CLAUDE_CONFIG_DIR=${configDir}\0`) && fs.readlinkSync(`/proc/${entry}/exe`).includes("claude")) count++;
    } catch {
      // gone, or not ours to read
    }
  }
  return count;
}
