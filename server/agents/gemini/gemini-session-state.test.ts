import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { geminiProjectSlug, geminiSessionState } from "@/server/agents/gemini/gemini-session-state";

// Finding a Gemini CLI session's files in a home laid out as 0.61.0 lays it
// out, and where they go for a new cwd; the real CLI's side is
// test/integration/agents/session-state-move.test.ts.

let root: string;
beforeEach(() => {
  root = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "gemini-state-")), ".gemini");
  fs.mkdirSync(root);
});
afterEach(() => fs.rmSync(path.dirname(root), { recursive: true, force: true }));

const ID = "1a932087-e43f-4bae-a229-3e2baeae01a2";
const OTHER = "1a932087-0000-4000-8000-000000000000";
const CHAT = `session-2026-11-27T19-29-${ID.slice(0, 8)}.jsonl`;

function write(relative: string, text = "x"): string {
  fs.mkdirSync(path.join(root, path.dirname(relative)), { recursive: true });
  fs.writeFileSync(path.join(root, relative), text);
  return relative;
}
const chat = (project: string, id = ID, name = CHAT) => write(`tmp/${project}/chats/${name}`, `${JSON.stringify({ sessionId: id, projectHash: "h" })}\n{}\n`);
const register = (projects: Record<string, string>) => write("projects.json", JSON.stringify({ projects }));
const age = (relative: string, seconds: number) => {
  const when = new Date(Date.now() - seconds * 1000);
  fs.utimesSync(path.join(root, relative), when, when);
};

describe("geminiSessionState", () => {
  it("roots at $GEMINI_CLI_HOME/.gemini, else ~/.gemini", () => {
    expect(geminiSessionState.root({ GEMINI_CLI_HOME: "/homes/gemini" })).toBe("/homes/gemini/.gemini");
    expect(geminiSessionState.root({ HOME: "/home/me" })).toBe("/home/me/.gemini");
  });

  it("finds the chat whose header names the session, with the session's own folders", async () => {
    const file = chat("work");
    chat("work", OTHER, `session-2026-11-27T19-30-${OTHER.slice(0, 8)}.jsonl`);
    const extras = [
      write(`tmp/work/chats/${ID}/sub-agent.jsonl`),
      write(`tmp/work/tool-outputs/session-${ID}/shell_1.txt`),
      write(`tmp/work/${ID}/plans/plan.md`),
    ];
    write(`tmp/work/tool-outputs/session-${OTHER}/shell_1.txt`);
    expect(await geminiSessionState.find(root, { sessionId: ID, cwd: "/repos/work" })).toEqual([file, ...extras]);
  });

  it("prefers the cwd's own project folder, else the newest copy", async () => {
    const stale = chat("a05ff805e97d5f81");
    const live = chat("work");
    age(live, 60);
    expect(await geminiSessionState.find(root, { sessionId: ID, cwd: "/elsewhere" })).toEqual([stale]);
    register({ "/repos/work": "work" });
    expect(await geminiSessionState.find(root, { sessionId: ID, cwd: "/repos/work" })).toEqual([live]);
  });

  it("takes the conversation, not the header-only chat a later Continue leaves beside it, whichever is listed first", async () => {
    register({ "/repos/work": "work" });
    const live = chat("work");
    for (const project of ["work", "a05ff805e97d5f81"]) {
      for (const minute of ["00", "59"]) {
        const headerOnly = write(
          `tmp/${project}/chats/session-2026-11-27T19-${minute}-${ID.slice(0, 8)}.jsonl`,
          `${JSON.stringify({ sessionId: ID, projectHash: "h" })}\n`,
        );
        expect(await geminiSessionState.find(root, { sessionId: ID, cwd: "/repos/work" })).toEqual([live]);
        fs.rmSync(path.join(root, headerOnly));
      }
    }
    age(live, 60);
    const elsewhere = chat("a05ff805e97d5f81");
    write(`tmp/a05ff805e97d5f81/chats/session-2026-11-27T19-00-${ID.slice(0, 8)}.jsonl`, `${JSON.stringify({ sessionId: ID, projectHash: "h" })}\n`);
    expect(await geminiSessionState.find(root, { sessionId: ID, cwd: "/elsewhere" })).toEqual([elsewhere]);
  });

  it("finds nothing, without throwing, for a missing home, an unknown id or a non-UUID", async () => {
    chat("work");
    expect(await geminiSessionState.find(path.join(root, "missing"), { sessionId: ID, cwd: "/w" })).toEqual([]);
    expect(await geminiSessionState.find(root, { sessionId: OTHER, cwd: "/w" })).toEqual([]);
    expect(await geminiSessionState.find(root, { sessionId: "../../x", cwd: "/w" })).toEqual([]);
    fs.mkdirSync(path.join(root, "tmp/linked/chats"), { recursive: true });
    fs.symlinkSync(path.join(root, `tmp/work/chats/${CHAT}`), path.join(root, `tmp/linked/chats/${CHAT}`));
    expect(await geminiSessionState.find(root, { sessionId: ID, cwd: "/w" })).toEqual([`tmp/work/chats/${CHAT}`]);
    write("projects.json", "{not json");
    expect(await geminiSessionState.find(root, { sessionId: ID, cwd: "/w" })).toHaveLength(1);
  });

  it("re-files every file under the project slug the new cwd gets", () => {
    const session = { sessionId: ID, cwd: "/data/worktrees/p1/ISSUE-12_abc" };
    expect(geminiSessionState.restoreAs(`tmp/workspace-1/chats/${CHAT}`, session)).toBe(`tmp/issue-12-abc/chats/${CHAT}`);
    expect(geminiSessionState.restoreAs(`tmp/old-1/tool-outputs/session-${ID}/a.txt`, session)).toBe(`tmp/issue-12-abc/tool-outputs/session-${ID}/a.txt`);
    // Never the home's settings or anything outside a project folder's session files.
    for (const other of ["settings.json", "tmp/x/settings.json", "oauth_creds.json", "tmp/x"]) expect(geminiSessionState.restoreAs(other, session)).toBeNull();
  });

  it("slugifies a base name as the CLI does", () => {
    expect(geminiProjectSlug("/x/My Project!!")).toBe("my-project");
    expect(geminiProjectSlug("/x/--Ünï--/")).toBe("n");
    expect(geminiProjectSlug("/")).toBe("project");
    expect(geminiProjectSlug("/x/***")).toBe("project");
  });
});
