import { appendFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { prisma } from "@/server/db";
import { captureSessionState } from "@/server/session-state/capture-session-state";
import { dropSupersededStates, KEEP_VERSIONS } from "@/server/session-state/drop-superseded-states";
import { pruneSessionStates } from "@/server/session-state/prune-session-states";
import { restoreSessionState } from "@/server/session-state/restore-session-state";
import { sessionStateUsage } from "@/server/session-state/session-state-usage";
import { resetDb } from "@/test/support/db";

// The store of agents' session state against PostgreSQL, with Claude Code's
// layout on disk: content-addressed chunks (an appended transcript adds only
// its tail), restore into another config home at another cwd, a newer local
// copy kept, stored paths never trusted, retention.

const MiB = 1024 * 1024;
let tmp: string;
const sessionId = randomUUID();
const home = (name: string) => ({ CLAUDE_CONFIG_DIR: path.join(tmp, name) });
const transcriptIn = (name: string, cwd: string) => path.join(tmp, name, "projects", cwd.replace(/[^a-zA-Z0-9]/g, "-"), `${sessionId}.jsonl`);
const session = (cwd: string) => ({ agent: "claude", agentSessionId: sessionId, cwd, executionId: null, projectId: null, runnerId: "r1" });

beforeAll(async () => {
  await resetDb();
  tmp = mkdtempSync(path.join(os.tmpdir(), "arbor-state-"));
});
afterAll(async () => {
  rmSync(tmp, { recursive: true, force: true });
  await prisma.$disconnect();
});

test("a growing transcript stores only its new chunks; an unchanged one no version", async () => {
  const file = transcriptIn("a", "/work/a/line");
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, Buffer.alloc(Math.round(2.5 * MiB), "x"));
  mkdirSync(path.join(path.dirname(file), sessionId, "tool-results"), { recursive: true });
  writeFileSync(path.join(path.dirname(file), sessionId, "tool-results", "1.txt"), "tool output");

  const first = await captureSessionState(session("/work/a/line"), home("a"));
  expect(first).toMatchObject({ files: 2, size: Math.round(2.5 * MiB) + 11 });
  // Three chunks of the transcript (two identical, stored once) and the tool result.
  expect(await prisma.sessionStateBlob.count()).toBe(3);

  expect(await captureSessionState(session("/work/a/line"), home("a"))).toBeNull();

  appendFileSync(file, "one more turn\n");
  const second = await captureSessionState(session("/work/a/line"), home("a"));
  expect(second!.files).toBe(2);
  // Only the last chunk changed: one new blob, a few hundred bytes compressed.
  expect(await prisma.sessionStateBlob.count()).toBe(4);
  expect(second!.newBytes).toBeLessThan(10_000);
  expect(await prisma.sessionState.count({ where: { agentSessionId: sessionId } })).toBe(2);
});

test("restored into another machine's config home, under the cwd of the turn there", async () => {
  const restored = await restoreSessionState({ agent: "claude", agentSessionId: sessionId, cwd: "/elsewhere/b/line" }, home("b"));
  expect(restored).toMatchObject({ ok: true, value: { files: 2, fromRunnerId: "r1" } });
  const copy = transcriptIn("b", "/elsewhere/b/line");
  expect(readFileSync(copy).equals(readFileSync(transcriptIn("a", "/work/a/line")))).toBe(true);
  expect(readFileSync(path.join(path.dirname(copy), sessionId, "tool-results", "1.txt"), "utf8")).toBe("tool output");
  // As new here already: nothing to do.
  expect(await restoreSessionState({ agent: "claude", agentSessionId: sessionId, cwd: "/elsewhere/b/line" }, home("b"))).toEqual({ ok: true, value: null });
  // A newer (longer) copy here is kept, never replaced by an older one.
  appendFileSync(copy, "a turn only b has\n");
  expect(await restoreSessionState({ agent: "claude", agentSessionId: sessionId, cwd: "/elsewhere/b/line" }, home("b"))).toEqual({ ok: true, value: null });
  expect(readFileSync(copy, "utf8")).toMatch(/a turn only b has\n$/);
});

test("a stored path that would leave the agent's home is refused and nothing is written", async () => {
  const latest = await prisma.sessionState.findFirstOrThrow({ where: { agentSessionId: sessionId }, orderBy: { createdAt: "desc" } });
  const files = latest.files as Array<{ path: string; size: number; chunks: string[] }>;
  // Claude re-keys the first segment to the cwd: the rest must still stay inside.
  await prisma.sessionState.update({ where: { id: latest.id }, data: { files: [{ ...files[1]!, path: "x/../../../escaped.txt" }] } });
  const refused = await restoreSessionState({ agent: "claude", agentSessionId: sessionId, cwd: "/third/c" }, home("c"));
  expect(refused).toMatchObject({ ok: false, error: { message: expect.stringMatching(/not one of the session.s files.*nothing was restored/) } });
  expect(existsSync(path.join(tmp, "escaped.txt"))).toBe(false);
  expect(existsSync(path.join(tmp, "c"))).toBe(false);
  await prisma.sessionState.update({ where: { id: latest.id }, data: { files } });
});

test("usage; a session keeps its latest versions only, and the chunks only older ones used are collected", async () => {
  const usage = await sessionStateUsage();
  expect(usage).toMatchObject({ sessions: 1, versions: 2 });
  expect(usage.latestBytes).toBe(Math.round(2.5 * MiB) + 11 + 14);
  expect(usage.storedBytes).toBeGreaterThan(0);
  expect(usage.storedBytes).toBeLessThan(usage.latestBytes);

  // Five more turns: each rewrites the transcript's last chunk.
  const file = transcriptIn("a", "/work/a/line");
  for (let turn = 0; turn < 5; turn++) {
    appendFileSync(file, `turn ${turn}\n`);
    await captureSessionState(session("/work/a/line"), home("a"));
  }
  expect(await prisma.sessionState.count({ where: { agentSessionId: sessionId } })).toBe(7);
  const blobsBefore = await prisma.sessionStateBlob.count();
  expect(await dropSupersededStates("claude", sessionId)).toBe(7 - KEEP_VERSIONS);
  expect(await prisma.sessionState.count({ where: { agentSessionId: sessionId } })).toBe(KEEP_VERSIONS);
  // The two dropped versions' last chunks went with them; the chunks every version shares stayed.
  expect(await prisma.sessionStateBlob.count()).toBe(blobsBefore - 2);
  expect(await restoreSessionState({ agent: "claude", agentSessionId: sessionId, cwd: "/fourth/d" }, home("d"))).toMatchObject({
    ok: true,
    value: { files: 2 },
  });
  expect(readFileSync(transcriptIn("d", "/fourth/d"), "utf8")).toMatch(/turn 4\n$/);
});

test("retention (ARBOR_SESSION_STATE_DAYS): a session idle for longer is deleted whole, with the chunks only it used", async () => {
  const idle = randomUUID();
  const cwd = "/work/idle";
  const file = path.join(tmp, "h", "projects", cwd.replace(/[^a-zA-Z0-9]/g, "-"), `${idle}.jsonl`);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, "an idle session's only line\n");
  await captureSessionState({ ...session(cwd), agentSessionId: idle }, home("h"));
  const blobs = await prisma.sessionStateBlob.count();
  expect(await pruneSessionStates(null)).toEqual({ versions: 0, blobs: 0 });
  expect(await pruneSessionStates(30)).toEqual({ versions: 0, blobs: 0 });
  await prisma.sessionState.updateMany({ where: { agentSessionId: idle }, data: { createdAt: new Date(Date.now() - 40 * 86_400_000) } });
  expect(await pruneSessionStates(30)).toEqual({ versions: 1, blobs: 1 });
  expect(await prisma.sessionStateBlob.count()).toBe(blobs - 1);
  // The active session is untouched.
  expect(await prisma.sessionState.count({ where: { agentSessionId: sessionId } })).toBe(KEEP_VERSIONS);
});

test("a symlink never carries anything out of the agent's home: not read on capture, not followed on restore", async () => {
  const outside = path.join(tmp, "outside");
  mkdirSync(outside, { recursive: true });
  writeFileSync(path.join(outside, "id_rsa"), "secret key");
  const id = randomUUID();
  const cwd = "/work/links";
  const projectDir = path.join(tmp, "e", "projects", cwd.replace(/[^a-zA-Z0-9]/g, "-"));
  mkdirSync(projectDir, { recursive: true });
  writeFileSync(path.join(projectDir, `${id}.jsonl`), "{}\n");
  // An agent's tool made the session's own folder a link to a folder of secrets.
  symlinkSync(outside, path.join(projectDir, id));
  const captured = await captureSessionState({ ...session(cwd), agentSessionId: id }, home("e"));
  expect(captured).toMatchObject({ files: 1 });
  const stored = await prisma.sessionState.findFirstOrThrow({ where: { agentSessionId: id } });
  expect(JSON.stringify(stored.files)).not.toContain("id_rsa");

  // On another machine the cwd's project folder is a link out of the home: nothing is written through it.
  const target = path.join(tmp, "f", "projects");
  mkdirSync(target, { recursive: true });
  symlinkSync(outside, path.join(target, "-elsewhere-links"));
  const refused = await restoreSessionState({ agent: "claude", agentSessionId: id, cwd: "/elsewhere/links" }, home("f"));
  expect(refused).toMatchObject({ ok: false, error: { message: expect.stringMatching(/leads outside/) } });
  expect(existsSync(path.join(outside, `${id}.jsonl`))).toBe(false);
});

test("a stored path outside the session's own files (a single segment, the agent's settings) is refused", async () => {
  const latest = await prisma.sessionState.findFirstOrThrow({ where: { agentSessionId: sessionId }, orderBy: { createdAt: "desc" } });
  const files = latest.files as Array<{ path: string; size: number; chunks: string[] }>;
  for (const bad of ["settings.json", "x/settings.json", `x/${sessionId}.jsonl/extra`]) {
    await prisma.sessionState.update({ where: { id: latest.id }, data: { files: [{ ...files[0]!, path: bad }] } });
    const refused = await restoreSessionState({ agent: "claude", agentSessionId: sessionId, cwd: "/fifth/g" }, home("g"));
    expect(refused).toMatchObject({ ok: false, error: { message: expect.stringMatching(/not one of the session's files/) } });
  }
  expect(existsSync(path.join(tmp, "g"))).toBe(false);
  await prisma.sessionState.update({ where: { id: latest.id }, data: { files } });
});
