import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { checkTranscript } from "@/server/sessions/check-transcript";

// Session health by a stat of where the agent keeps the transcript (Claude:
// $CLAUDE_CONFIG_DIR/projects/<cwd, non-alphanumerics as ->/<id>.jsonl),
// never a read; a session filed under another project directory is found too.

const ID = "0e265fb1-d10c-4526-bca6-a42177b3189e";
let config: string;
beforeEach(() => {
  config = fs.mkdtempSync(path.join(os.tmpdir(), "arbor-transcript-"));
});
afterEach(() => fs.rmSync(config, { recursive: true, force: true }));

const env = () => ({ CLAUDE_CONFIG_DIR: config });
const write = (project: string, bytes: number) => {
  fs.mkdirSync(path.join(config, "projects", project), { recursive: true });
  const file = path.join(config, "projects", project, `${ID}.jsonl`);
  fs.writeFileSync(file, "x".repeat(bytes));
  return file;
};

test("finds Claude's transcript by the cwd rule, with its size and last modification", async () => {
  const file = write("-work-my-repo-v2", 1234);
  const stat = await checkTranscript("claude", { sessionId: ID, cwd: "/work/my_repo.v2" }, env());
  expect(stat).toEqual({ state: "available", bytes: 1234, modifiedAt: fs.statSync(file).mtime, path: file });
});

test("finds it under another project directory (a session resumed from elsewhere), else says it is missing", async () => {
  const file = write("-somewhere-else", 10);
  expect(await checkTranscript("claude", { sessionId: ID, cwd: "/work/repo" }, env())).toMatchObject({ state: "available", path: file });
  fs.rmSync(file);
  expect(await checkTranscript("claude", { sessionId: ID, cwd: "/work/repo" }, env())).toEqual({ state: "missing", bytes: null, modifiedAt: null, path: null });
  // No projects directory at all: missing too.
  expect(await checkTranscript("claude", { sessionId: ID, cwd: "/work/repo" }, { CLAUDE_CONFIG_DIR: path.join(config, "nothing") })).toMatchObject({
    state: "missing",
  });
});

test("defaults to ~/.claude, and knows nothing for agents that keep no transcript Arbor can find", async () => {
  const home = path.join(config, "home");
  fs.mkdirSync(path.join(home, ".claude", "projects", "-w"), { recursive: true });
  fs.writeFileSync(path.join(home, ".claude", "projects", "-w", `${ID}.jsonl`), "{}");
  expect(await checkTranscript("claude", { sessionId: ID, cwd: "/w" }, { HOME: home })).toMatchObject({ state: "available", bytes: 2 });
  expect(await checkTranscript("command", { sessionId: ID, cwd: "/w" }, env())).toBeNull();
  // An id that is no UUID never names a file.
  expect(await checkTranscript("claude", { sessionId: "../../etc/passwd", cwd: "/w" }, env())).toBeNull();
});
