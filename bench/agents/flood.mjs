#!/usr/bin/env node
// A plain command that floods stdout, for the ingestion benchmark (run by the
// `command` agent, so every line becomes one stored text event). The prompt,
// its last argument, is JSON: {"lines":1000000,"lineBytes":100}. Each line is
// JSON-ish text of exactly lineBytes bytes (plus "\n"), numbered so lost or
// reordered lines would show. Writes respect the pipe: when Arbor pauses
// reading, this process blocks like any real agent would.
const request = JSON.parse(process.argv.at(-1) ?? "{}");
const lines = request.lines ?? 1_000_000;
const lineBytes = Math.max(40, request.lineBytes ?? 100);

const head = '{"type":"log","seq":';
const mid = ',"text":"';
const tail = '"}';
function line(i) {
  const n = String(i).padStart(9, "0");
  const pad = lineBytes - head.length - n.length - mid.length - tail.length;
  return `${head + n + mid + filler.slice(0, pad) + tail}\n`;
}
const filler = "lorem ipsum dolor sit amet, consectetur adipiscing elit ".repeat(Math.ceil(lineBytes / 50) + 1);

function write(text) {
  return process.stdout.write(text) ? Promise.resolve() : new Promise((resolve) => process.stdout.once("drain", resolve));
}

let chunk = "";
for (let i = 0; i < lines; i++) {
  chunk += line(i);
  if (chunk.length >= 64 * 1024) {
    await write(chunk);
    chunk = "";
  }
}
if (chunk) await write(chunk);
