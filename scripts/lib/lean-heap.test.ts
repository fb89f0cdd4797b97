import { execFileSync } from "node:child_process";
import path from "node:path";
import { LEAN_HEAP } from "@/scripts/lib/server-node-args";

// The preload must neither keep an idle process alive nor disturb one that
// runs past the moment it sets its flags.

const preload = path.join(__dirname, "..", "..", LEAN_HEAP);
const node = (script: string) => execFileSync(process.execPath, ["--require", preload, "-e", script], { encoding: "utf8", timeout: 30_000 });

it("lets a process with nothing left to do exit at once", () => {
  const started = Date.now();
  expect(node("console.log('done')")).toBe("done\n");
  expect(Date.now() - started).toBeLessThan(4_000);
});

it("sets its flags in a running process without disturbing it", () => {
  // Past the preload's delay, allocating on either side of it.
  const out = node(`
    const keep = [];
    const t = setInterval(() => keep.push(new Array(10_000).fill(keep.length)), 50);
    setTimeout(() => { clearInterval(t); console.log(keep.length > 50 ? "ran" : "stalled"); }, 5_600);
  `);
  expect(out).toBe("ran\n");
});
