import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { codexSessionState, uuidV7Time } from "@/server/agents/codex/codex-session-state";

// Finding a Codex thread's rollouts (and its fork ancestors') in a home laid
// out as 0.169.0 lays it out; the real CLI's side is
// test/integration/agents/session-state-move.test.ts.

let root: string;
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "codex-state-"));
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

// UUIDv7 ids made at 2026-11-27T19:25:12Z (their first 48 bits, in ms).
const PARENT = "01a21e78-06a0-7293-8af6-92cf513133c4";
const FORK = "01a21e78-08f1-7510-94cf-8e10bf806ed2";
const session = (sessionId: string) => ({ sessionId, cwd: "/work/a" });

function rollout(day: string, id: string, meta: Record<string, unknown> = {}): string {
  const rel = `sessions/${day}/rollout-2026-11-27T19-25-12-${id}.jsonl`;
  fs.mkdirSync(path.join(root, path.dirname(rel)), { recursive: true });
  const first = { type: "session_meta", payload: { id, ...meta, base_instructions: { text: "x".repeat(200_000) } } };
  fs.writeFileSync(path.join(root, rel), `${JSON.stringify(first)}\n{"type":"response_item"}\n`);
  return rel;
}

describe("codexSessionState", () => {
  it("roots at CODEX_HOME, else ~/.codex", () => {
    expect(codexSessionState.root({ CODEX_HOME: "/homes/codex" })).toBe("/homes/codex");
    expect(codexSessionState.root({ HOME: "/home/me" })).toBe("/home/me/.codex");
  });

  it("finds a thread's rollout in the day folder its id's time names", async () => {
    const rel = rollout("2026/11/27", PARENT);
    rollout("2026/11/27", "01a21e78-0000-7000-8000-000000000000");
    expect(await codexSessionState.find(root, session(PARENT))).toEqual([rel]);
    expect(await codexSessionState.find(root, session(PARENT.toUpperCase()))).toEqual([rel]);
  });

  it("finds it a day off (the folder is named in local time)", async () => {
    const rel = rollout("2026/11/28", PARENT);
    expect(await codexSessionState.find(root, session(PARENT))).toEqual([rel]);
  });

  it("finds a fork with every ancestor, reading a long first line", async () => {
    const parent = rollout("2026/11/27", PARENT);
    const fork = rollout("2026/11/27", FORK, { forked_from_id: PARENT, forked_from_ordinal_exclusive: 18 });
    expect(await codexSessionState.find(root, session(FORK))).toEqual([fork, parent]);
  });

  it("keeps what it found when an ancestor is missing, and stops at a loop", async () => {
    const fork = rollout("2026/11/27", FORK, { forked_from_id: PARENT });
    expect(await codexSessionState.find(root, session(FORK))).toEqual([fork]);
    const parent = rollout("2026/11/27", PARENT, { forked_from_id: FORK });
    expect(await codexSessionState.find(root, session(FORK))).toEqual([fork, parent]);
  });

  it("scans the day folders for an id without a time (UUIDv4)", async () => {
    const id = "2f1e0b7c-6d7a-4a8e-9c1b-0d2e3f4a5b6c";
    const rel = rollout("2025/03/09", id);
    expect(await codexSessionState.find(root, session(id))).toEqual([rel]);
  });

  it("finds nothing, without throwing, for a missing home, an unknown id or a non-UUID", async () => {
    expect(await codexSessionState.find(path.join(root, "missing"), session(PARENT))).toEqual([]);
    expect(await codexSessionState.find(root, session(FORK))).toEqual([]);
    expect(await codexSessionState.find(root, session("../../etc/passwd"))).toEqual([]);
    // A symlink in the day folder is not the thread's rollout (it could point out of the home).
    fs.mkdirSync(path.join(root, "sessions/2026/11/27"), { recursive: true });
    fs.symlinkSync("/etc/hostname", path.join(root, `sessions/2026/11/27/rollout-2026-11-27T19-25-12-${PARENT}.jsonl`));
    expect(await codexSessionState.find(root, session(PARENT))).toEqual([]);
  });

  it("restores a rollout at the same relative path, whatever the cwd", () => {
    const rel = "sessions/2026/11/27/rollout-2026-11-27T19-25-12-x.jsonl";
    expect(codexSessionState.restoreAs(rel, { sessionId: PARENT, cwd: "/elsewhere" })).toBe(rel);
    // Stored data never names the rest of the home (its config names MCP servers' commands).
    for (const other of ["config.toml", "sessions/2026/11/27/../../../config.toml", "auth.json", "sessions/x.jsonl"])
      expect(codexSessionState.restoreAs(other, { sessionId: PARENT, cwd: "/elsewhere" })).toBeNull();
  });

  it("reads the time of a UUIDv7 only", () => {
    expect(new Date(uuidV7Time(PARENT)!).toISOString()).toBe("2026-11-27T19:25:12.224Z");
    expect(uuidV7Time("2f1e0b7c-6d7a-4a8e-9c1b-0d2e3f4a5b6c")).toBeNull();
  });
});
