import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

// The start script's bundle stays in the process's memory as text for as long
// as `npm start` runs, at one byte a character only when all of it is ASCII.
// serverBundle is plain JavaScript (it runs before anything is compiled), so
// it is run here as `npm start` runs it, in a Node process of its own.

const repo = path.join(__dirname, "..", "..");
let root: string;

beforeEach(() => {
  // Under the repository's node_modules, so the bundler (esbuild) resolves from it as it does for the app.
  const parent = path.join(repo, "node_modules", ".cache");
  mkdirSync(parent, { recursive: true });
  root = mkdtempSync(path.join(parent, "server-bundle-test-"));
  writeFileSync(path.join(root, "tsconfig.json"), "{}");
});

afterEach(() => rmSync(root, { recursive: true, force: true }));

function bundle(entry: string): string {
  const script = `import(${JSON.stringify(path.join(repo, "scripts", "lib", "server-bundle.mjs"))}).then((m) => process.stdout.write(m.serverBundle(process.argv[1], process.argv[2])))`;
  return execFileSync(process.execPath, ["-e", script, root, entry], { encoding: "utf8" });
}

it("writes an ASCII bundle that keeps every string's characters", () => {
  writeFileSync(
    path.join(root, "entry.ts"),
    '// A comment with characters outside ASCII: naïve → “quoted” 🌳\nconst label: string = "naïve → 🌳";\nconsole.log(label, /é+/.test("ééé"));\n',
  );
  const out = bundle("entry.ts");
  expect(out).toBe(path.join(root, ".arbor-build", "entry.cjs"));
  expect(readFileSync(out, "utf8")).not.toMatch(/[\u0080-\uffff]/);
  expect(execFileSync(process.execPath, [out], { encoding: "utf8" })).toBe("naïve → 🌳 true\n");
});
