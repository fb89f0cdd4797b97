import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { cliEnvSchema } from "@/cli/config";
import { envSchema } from "@/server/config/load-config";

// The configuration has one schema (plus the CLI's small one), and these
// checks keep it that way: README documents every variable the schemas know
// (and no other), and no module in server/ or scripts/ reads process.env
// behind the schema's back.

const root = path.join(__dirname, "..", "..");

function readmeVariables(): string[] {
  const readme = readFileSync(path.join(root, "README.md"), "utf8");
  const section = readme.slice(readme.indexOf("## Configuration"));
  const table = section.slice(0, section.indexOf("\n## "));
  return table
    .split("\n")
    .filter((line) => line.startsWith("| `"))
    .flatMap((line) => [...line.split("|")[1].matchAll(/`([A-Z0-9_]+)`/g)].map((m) => m[1]));
}

describe("configuration", () => {
  const known = new Set([...Object.keys(envSchema.shape), ...Object.keys(cliEnvSchema.shape)]);

  it("README's configuration table lists every variable the schemas know", () => {
    const documented = new Set(readmeVariables());
    expect([...known].filter((name) => !documented.has(name))).toEqual([]);
  });

  it("README's configuration table lists no variable the schemas do not know", () => {
    expect(readmeVariables().filter((name) => !known.has(name))).toEqual([]);
  });

  it("only server/config/load-config.ts reads process.env in server/ and scripts/", () => {
    const files = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard", "server", "scripts"], { cwd: root, encoding: "utf8" })
      .split("\n")
      .filter((file) => /\.(ts|tsx|mjs|js)$/.test(file) && !file.startsWith("server/generated/") && !/\.test\.tsx?$/.test(file));
    const readers = files.filter((file) => {
      try {
        return /process\.env\b/.test(readFileSync(path.join(root, file), "utf8").replace(/\/\/.*$/gm, ""));
      } catch {
        return false; // listed but deleted in the working tree
      }
    });
    expect(readers).toEqual(["server/config/load-config.ts"]);
  });
});
