#!/usr/bin/env node
// A stand-in for the Claude Code CLI, used only by the benchmarks. It answers
// Arbor's probe (`--help`, `--version`) with the real 2.1.330 texts and prints
// real 2.1.330 stream-json lines (from the parser's fixtures), so Arbor runs it
// through the real Claude launch builder and parser. What it does is chosen by
// the prompt (the argv element after "--", or with --input-format stream-json
// the first user message on stdin), a JSON object:
//
//   {"mode":"latency","holdMs":300}
//     Prints the system/init line naming the --session-id it was given,
//     records the CLOCK_MONOTONIC time (ns) just before that write in
//     $BENCH_STAMP_DIR/<session id>, stays alive holdMs, then prints an
//     assistant line and a result and exits 0.
//
//   {"mode":"work","holdMs":800}
//     Prints init, stays alive holdMs, then an assistant line and a result,
//     and exits 0: a short, cheap agent turn (the runner crash soak runs
//     hundreds). A Continue (`--resume <id>` without --session-id) reports
//     the resumed id, as the real CLI does.
//
//   {"mode":"flood","lines":200000,"textBytes":400}
//     Prints init, then `lines` assistant text lines (each with a fresh uuid,
//     a line number and about textBytes of English-like prose), then a
//     result, as fast as the pipe takes them.
//
// Its own start-up (~40 ms of node) is not Arbor's latency, and is not measured.
import fs from "node:fs";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const fixturesDir = path.join(here, "..", "..", "server", "agents", "claude", "__fixtures__");
const argv = process.argv.slice(2);

if (argv.includes("--help")) {
  process.stdout.write(fs.readFileSync(path.join(fixturesDir, "help-2.1.330.txt"), "utf8"));
  process.exit(0);
}
if (argv.includes("--version")) {
  process.stdout.write("2.1.330 (Claude Code)\n");
  process.exit(0);
}

const fixtures = JSON.parse(fs.readFileSync(path.join(fixturesDir, "stream-json-2.1.330.json"), "utf8"));
const sessionIndex = argv.indexOf("--session-id");
const resumeIndex = argv.indexOf("--resume");
const sessionId = sessionIndex >= 0 ? argv[sessionIndex + 1] : resumeIndex >= 0 ? argv[resumeIndex + 1] : randomUUID();
const dash = argv.indexOf("--");
// With --input-format stream-json (Arbor's warm-capable launch) the prompt is the first user message on stdin.
const request = JSON.parse(dash >= 0 ? argv[dash + 1] : argv.includes("--input-format") ? firstStdinMessage() : "{}");

/** The content of the first stream-json user message on stdin (read synchronously up to its newline; stdin stays open). */
function firstStdinMessage() {
  const chunks = [];
  const buffer = Buffer.alloc(65536);
  for (;;) {
    let read;
    try {
      read = fs.readSync(0, buffer, 0, buffer.length, null);
    } catch (error) {
      if (error.code === "EAGAIN") continue;
      throw error;
    }
    if (read === 0) break;
    chunks.push(Buffer.from(buffer.subarray(0, read)));
    if (buffer.subarray(0, read).includes(10)) break;
  }
  const line = Buffer.concat(chunks).toString("utf8").split("\n")[0];
  const content = line ? JSON.parse(line).message?.content : null;
  return typeof content === "string" ? content : "{}";
}

const init = JSON.parse(fixtures.init);
init.session_id = sessionId;
init.cwd = process.cwd();
const initLine = `${JSON.stringify(init)}\n`;

// Like the real CLI, keep the session's transcript where Arbor's session
// health looks for it ($CLAUDE_CONFIG_DIR/projects/<cwd with non-alphanumerics
// as ->/<id>.jsonl): a stat must find the session, or a Continue would
// (rightly) carry Arbor's transcript instead of resuming. Only with
// CLAUDE_CONFIG_DIR set (the benchmarks and tests that Continue set it to a
// temporary directory), so a benchmark never writes into ~/.claude.
if (process.env.CLAUDE_CONFIG_DIR) {
  const transcriptDir = path.join(process.env.CLAUDE_CONFIG_DIR, "projects", process.cwd().replace(/[^a-zA-Z0-9]/g, "-"));
  fs.mkdirSync(transcriptDir, { recursive: true });
  fs.appendFileSync(path.join(transcriptDir, `${sessionId}.jsonl`), `${JSON.stringify({ type: "user", sessionId, request })}\n`);
}

function assistantLine(text) {
  const line = JSON.parse(fixtures.assistantText);
  line.session_id = sessionId;
  line.uuid = randomUUID();
  line.message.content = [{ type: "text", text }];
  return `${JSON.stringify(line)}\n`;
}
function resultLine(numTurns) {
  const line = JSON.parse(fixtures.resultSuccess);
  line.session_id = sessionId;
  line.num_turns = numTurns;
  return `${JSON.stringify(line)}\n`;
}

/** Deterministic English-like sentences about code, each exactly `bytes` long (ASCII, nothing to escape). */
function proseTexts(count, bytes) {
  const words = (
    "the a this that file function test parser runner session event line output error value state update change fix check " +
    "read write store query index batch stream process agent prompt result message token cache memory timeout retry commit " +
    "branch merge review build deploy config schema migration table column record request response handler route server " +
    "client component render hook props type interface module import export return async await promise callback loop array " +
    "object string number boolean null undefined map filter reduce sort split join trim parse format encode decode hash key " +
    "now then next first last before after while until because so and or but not also only still again here there " +
    "I will should could would can may let me look at see run add remove rename move copy open close start stop wait " +
    "src/app/page.tsx server/runner/event-writer.ts lib/format.ts package.json README.md tests passing failing green red"
  ).split(" ");
  let seed = 12345;
  const rand = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
  const texts = [];
  for (let t = 0; t < count; t++) {
    let text = "";
    while (text.length < bytes) {
      let sentence = "";
      const n = 6 + Math.floor(rand() * 12);
      for (let w = 0; w < n; w++) sentence += (w ? " " : "") + words[Math.floor(rand() * words.length)];
      text += `${sentence[0].toUpperCase() + sentence.slice(1)}. `;
    }
    texts.push(text.slice(0, bytes));
  }
  return texts;
}

/** Writes to stdout, waiting for the pipe whenever it is full (as a real CLI does). */
function write(text) {
  return process.stdout.write(text) ? Promise.resolve() : new Promise((resolve) => process.stdout.once("drain", resolve));
}

if (request.mode === "latency") {
  const stamp = process.hrtime.bigint();
  fs.writeSync(1, initLine);
  fs.writeFileSync(path.join(process.env.BENCH_STAMP_DIR ?? "/tmp", sessionId), String(stamp));
  setTimeout(() => {
    fs.writeSync(1, assistantLine("done"));
    fs.writeSync(1, resultLine(1));
    process.exit(0);
  }, request.holdMs ?? 300);
} else if (request.mode === "work") {
  fs.writeSync(1, initLine);
  setTimeout(() => {
    fs.writeSync(1, assistantLine("worked"));
    fs.writeSync(1, resultLine(1));
    process.exit(0);
  }, request.holdMs ?? 500);
} else if (request.mode === "flood") {
  const lines = request.lines ?? 100_000;
  const textBytes = request.textBytes ?? 400;
  // Realistic prose (search indexes assistant text, and its cost depends on
  // the words): 256 different texts of textBytes, each line numbered and
  // with a fresh uuid, like real output.
  const texts = proseTexts(256, textBytes);
  const marker = "\u0001";
  const template = assistantLine(marker);
  const [before, afterText] = template.split(JSON.stringify(marker).slice(1, -1));
  const uuidValue = JSON.parse(template).uuid;
  const [beforeUuid, afterUuid] = afterText.split(uuidValue);
  await write(initLine);
  let chunk = "";
  for (let i = 0; i < lines; i++) {
    chunk += `${before + String(i).padStart(10, "0")} ${texts[i % texts.length]}${beforeUuid}${randomUUID()}${afterUuid}`;
    if (chunk.length >= 64 * 1024) {
      await write(chunk);
      chunk = "";
    }
  }
  if (chunk) await write(chunk);
  await write(resultLine(1));
} else {
  process.stderr.write(`fake-claude: unknown request ${JSON.stringify(request)}\n`);
  process.exit(2);
}
