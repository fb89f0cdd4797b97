import { readFileSync } from "node:fs";
import path from "node:path";
import { LEAN_MALLOC_ENV, leanMallocToForget, nodeTsxArgs, SERVER_NODE_ARGS, startCommandLine, tsxArgs, tsxCommandLine } from "@/scripts/lib/server-node-args";

// package.json cannot import the constant, so this keeps the two in step:
// every script that runs a TypeScript entry point through tsx passes the
// same flags the start script, the benchmarks and the tests use.

const scripts = (JSON.parse(readFileSync(path.join(__dirname, "..", "..", "package.json"), "utf8")) as { scripts: Record<string, string> }).scripts;

describe("SERVER_NODE_ARGS", () => {
  it("loads server/ under the react-server condition", () => {
    expect(SERVER_NODE_ARGS).toContain("--conditions=react-server");
    expect(tsxArgs("scripts/runner.ts")).toEqual(["--conditions=react-server", "scripts/runner.ts"]);
    expect(nodeTsxArgs("scripts/runner.ts", "--x")).toEqual(["--conditions=react-server", "--import", "tsx", "scripts/runner.ts", "--x"]);
  });

  it("is what package.json runs for `npm run runner` and `npm run backfill-search`", () => {
    expect(scripts.runner).toBe(tsxCommandLine("scripts/runner.ts"));
    expect(scripts["backfill-search"]).toBe(tsxCommandLine("scripts/backfill-search.ts"));
  });

  it("is what `npm start` runs its compiled start script with (scripts/start.mjs)", () => {
    expect(scripts.start).toBe(startCommandLine());
    expect(scripts.start).toBe("MALLOC_MMAP_THRESHOLD_=65536 node --conditions=react-server --require ./scripts/lib/lean-heap.cjs scripts/start.mjs");
    expect(scripts.dev).toBe(`${tsxCommandLine("scripts/start.ts")} --dev`);
  });

  it("is used by every tsx script in package.json", () => {
    const tsxScripts = Object.entries(scripts).filter(([, command]) => /^tsx\s/.test(command));
    expect(tsxScripts.length).toBeGreaterThan(3);
    for (const [name, command] of tsxScripts) {
      const [, ...argv] = command.split(/\s+/);
      const entry = argv.find((arg) => arg.endsWith(".ts"))!;
      const rest = argv.slice(argv.indexOf(entry) + 1);
      expect({ name, command }).toEqual({ name, command: [tsxCommandLine(entry), ...rest].join(" ") });
    }
  });
});

describe("leanMallocToForget", () => {
  it("unsets the malloc settings the start line gave, and nothing else", () => {
    expect(leanMallocToForget({ ...LEAN_MALLOC_ENV, PATH: "/bin" })).toEqual({ MALLOC_MMAP_THRESHOLD_: undefined });
    expect(leanMallocToForget({ PATH: "/bin" })).toEqual({});
    // Another value is not ours (`npm run dev`, or a process started another way): it stays.
    expect(leanMallocToForget({ MALLOC_MMAP_THRESHOLD_: "131072" })).toEqual({});
  });
});
