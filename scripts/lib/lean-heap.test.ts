import { execFileSync } from "node:child_process";
import path from "node:path";
import { LEAN_HEAP } from "@/scripts/lib/server-node-args";

// The preload sets --optimize-for-size once start-up is over (not at once,
// which would undo the point of keeping it off the command line), never keeps
// an idle process alive, and does not disturb one that runs past that moment.

const preload = path.join(__dirname, "..", "..", LEAN_HEAP);

/**
 * Runs `script` under the preload, after test/support/record-v8-flags.cjs,
 * which records each v8.setFlagsFromString call and still makes it.
 */
const recorder = path.join(__dirname, "..", "..", "test", "support", "record-v8-flags.cjs");
const node = (script: string) =>
  execFileSync(process.execPath, ["--require", recorder, "--require", preload, "-e", script], { encoding: "utf8", timeout: 30_000 });

it("lets a process with nothing left to do exit at once", () => {
  const started = Date.now();
  expect(node("console.log('done')")).toBe("done\n");
  expect(Date.now() - started).toBeLessThan(4_000);
});

it("sets --optimize-for-size once, after start-up, in a process that goes on running", () => {
  const out = node(`
    const keep = [];
    const t = setInterval(() => keep.push(new Array(10_000).fill(keep.length)), 50);
    setTimeout(() => {
      clearInterval(t);
      console.log(JSON.stringify({ ran: keep.length > 50, calls: globalThis.__flagCalls }));
    }, 5_600);
  `);
  const { ran, calls } = JSON.parse(out) as { ran: boolean; calls: Array<[string, number]> };
  expect(ran).toBe(true);
  expect(calls.map(([flag]) => flag)).toEqual(["--optimize-for-size"]);
  expect(calls[0][1]).toBeGreaterThanOrEqual(4_500);
});
