#!/usr/bin/env node
// A stand-in for the other agents' CLIs (Codex, Gemini CLI, opencode, Qwen
// Code, Copilot CLI), used only by bench/agent-session-latency.ts, as
// fake-claude.mjs is for Claude Code. The first argument names the agent; the
// rest is the argv Arbor's launch builder made. It answers Arbor's probe with
// the real help texts recorded from each CLI (server/agents/<id>/__fixtures__)
// and prints that CLI's real stream lines from the parser's fixtures, with the
// session id it was given (--session-id / --resume) or one of its own, so
// Arbor runs it through the real launch builder and the real parser.
//
// Just before it writes the first line that names the session (Copilot names
// it only in its last line), it records CLOCK_MONOTONIC (ns) in
// $BENCH_STAMP_DIR/<session id>, stays alive $BENCH_HOLD_MS, then ends the
// turn the way the real CLI does and exits 0.
import fs from "node:fs";
import path from "node:path";
import { randomBytes, randomUUID } from "node:crypto";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const [agent, ...argv] = process.argv.slice(2);
const fixtures = (file) => path.join(here, "..", "..", "server", "agents", agent, "__fixtures__", file);
const read = (file) => fs.readFileSync(fixtures(file), "utf8");

// Per agent: the version it reports, its help text for each probed command, its recorded stream, and which lines make a turn.
const AGENTS = {
  codex: {
    version: "codex-cli 0.169.0",
    help: { exec: "help-exec-0.169.0.txt", "exec resume": "help-exec-resume-0.169.0.txt", "exec fork": "help-exec-fork-0.169.0.txt" },
    stream: "exec-json-0.169.0.json",
    lines: ["threadStarted", "turnStarted", "agentMessage", "turnCompleted"],
  },
  gemini: { version: "0.61.0", help: { "": "help-0.61.0.txt" }, stream: "stream-json-0.61.0.json", lines: ["init", "assistantDelta", "resultSuccess"] },
  opencode: { version: "1.18.33", help: { run: "help-run-1.18.33.txt" }, stream: "run-json-1.18.33.json", lines: ["stepStart", "text", "stepFinishStop"] },
  qwen: { version: "0.24.4", help: { "": "help-0.24.4.txt" }, stream: "stream-json-0.24.4.json", lines: ["init", "assistantText", "resultSuccess"] },
  copilot: {
    version: "1.0.102",
    help: { "": "help-1.0.102.txt" },
    stream: "output-json-1.0.102.json",
    lines: ["turnStart", "assistantMessageText", "turnEnd", "resultSuccess"],
  },
};

const spec = AGENTS[agent];
if (!spec) {
  process.stderr.write(`fake-agent: unknown agent ${agent}\n`);
  process.exit(2);
}
if (argv.includes("--version")) {
  process.stdout.write(`${spec.version}\n`);
  process.exit(0);
}
const helpAt = argv.indexOf("--help");
if (helpAt >= 0) {
  const command = argv.slice(0, helpAt).join(" ");
  const file = spec.help[command];
  if (!file) {
    process.stderr.write(`fake-agent: no help for "${command}"\n`);
    process.exit(2);
  }
  process.stdout.write(read(file));
  process.exit(0);
}

const stream = JSON.parse(read(spec.stream));
const lines = spec.lines.map((name) => stream[name]);
// The id the recording used: every occurrence becomes this run's id.
const recordedId = /"(?:thread_id|session_id|sessionID|sessionId)":"([^"]+)"/.exec(
  lines.find((line) => /"(?:thread_id|session_id|sessionID|sessionId)"/.test(line)),
)[1];
const option = (name) => (argv.indexOf(name) >= 0 ? argv[argv.indexOf(name) + 1] : undefined);
const given = option("--session-id") ?? option("--resume") ?? option("--session");
const sessionId = given ?? (agent === "opencode" ? `ses_${randomBytes(13).toString("hex")}` : randomUUID());
const out = lines.map((line) => `${line.split(recordedId).join(sessionId)}\n`);
const names = out.findIndex((line) => line.includes(sessionId));

// opencode and Codex read stdin to its end first; so does this.
if (!process.stdin.isTTY) process.stdin.resume();

const hold = Number(process.env.BENCH_HOLD_MS ?? 100);
for (let i = 0; i < out.length; i++) {
  if (i === names) {
    const stamp = process.hrtime.bigint();
    fs.writeFileSync(path.join(process.env.BENCH_STAMP_DIR ?? "/tmp", sessionId), String(stamp));
  }
  process.stdout.write(out[i]);
  if (i === 0) await new Promise((resolve) => setTimeout(resolve, hold));
}
process.exit(0);
