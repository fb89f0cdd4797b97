// `npm test`: the whole suite — unit, component, integration (real Postgres,
// the real Claude Code CLI) and end-to-end (headless Chromium). Integration
// tests use DATABASE_URL when set, else an embedded PostgreSQL of their own.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { loadConfig } from "@/server/config/load-config";
import { resolveDatabase } from "@/server/database/resolve-database";
import { jestArgs, mergeJestResults, testPhases } from "@/scripts/lib/test-phases";
import { ensureTestBuild, TEST_DIST_DIR } from "@/test/support/app-server";

const root = process.cwd();
const passthrough = process.argv.slice(2);

function banner(lines: string[]) {
  const width = Math.max(...lines.map((l) => l.length)) + 4;
  const bar = "!".repeat(width);
  console.error(`\n${bar}\n${lines.map((l) => `! ${l.padEnd(width - 4)} !`).join("\n")}\n${bar}\n`);
}

async function main() {
  const config = loadConfig();
  const db = await resolveDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: path.join(root, ".arbor-test"),
    port: config.test.embeddedDbPort,
    log: () => {},
  });
  console.log(db.embedded ? "[test] using an embedded PostgreSQL in .arbor-test/" : "[test] using DATABASE_URL");

  const chromium = config.test.chromiumPath;
  const projects = ["unit", "components", "integration"];
  if (existsSync(chromium)) {
    projects.push("e2e");
  } else {
    banner([
      `Chromium not found at ${chromium}: END-TO-END BROWSER TESTS ARE SKIPPED.`,
      "Install it with: apt-get install -y chromium   (or set CHROMIUM_PATH)",
      ".ci/run installs it, so CI never skips them.",
    ]);
    if (config.test.ci) {
      console.error("[test] CI is set: refusing to run without the browser tests");
      process.exit(1);
    }
  }

  mkdirSync(path.join(root, "test-results"), { recursive: true });
  const resultsFile = path.join(root, "test-results", "jest-results.json");
  const env: NodeJS.ProcessEnv = {
    ...config.env,
    DATABASE_URL: db.url,
    CHROMIUM_PATH: chromium,
    // The real Claude Code CLI from devDependencies, unless one is given.
    CLAUDE_BIN: config.env.CLAUDE_BIN || path.join(root, "node_modules", ".bin", "claude"),
    NEXT_TELEMETRY_DISABLED: "1",
  };
  // The whole project type-checks (next build only checks the app), and
  // is formatted and linted as biome.json says (`npm run format` fixes the format).
  const checks: Array<[string, string, string[]]> = [
    ["type check", "tsc", ["--noEmit", "-p", "."]],
    ["format and lint (biome ci)", "biome", ["ci", "."]],
  ];
  for (const [what, bin, args] of checks) {
    const check = spawnSync(path.join(root, "node_modules", ".bin", bin), args, { stdio: "inherit", env });
    if (check.status === 0) continue;
    console.error(`[test] ${what} failed`);
    await db.stop();
    console.log("\n0 passed, 1 failed");
    process.exit(1);
  }

  // Test files run in config.test.workers workers (default 2), each
  // integration worker on a database and data directory of its own
  // (test/support/worker-database.ts); the end-to-end files then run one at a
  // time (scripts/lib/test-phases.ts). In band, the real agent CLIs' tests
  // kept the 2 cores ~74 % busy; two workers fill them (the executions folder
  // 497 -> 363 s). Gemini CLI's tests once failed side by side, most likely
  // its session clean-up (slower runs cross a minute more often), which Arbor
  // has turned off since (gemini-agent.ts, KEEP_SESSIONS).
  // The end-to-end tests' production build is made once here, before any
  // worker could start building it beside another.
  const phases = testPhases(projects, config.test.workers);
  if (projects.includes("e2e") && config.test.workers > 1) ensureTestBuild(root, TEST_DIST_DIR, db.url);
  let status = 0;
  const results: Parameters<typeof mergeJestResults>[0] = [];
  for (const [i, phase] of phases.entries()) {
    const outputFile = phases.length > 1 ? path.join(root, "test-results", `jest-results-${i + 1}.json`) : resultsFile;
    rmSync(outputFile, { force: true });
    if (phases.length > 1) console.log(`\n[test] ${phase.projects.join(", ")}: ${phase.workers > 1 ? `${phase.workers} workers` : "one file at a time"}`);
    const result = spawnSync(path.join(root, "node_modules", ".bin", "jest"), jestArgs(phase, outputFile, passthrough, phases.length), {
      stdio: "inherit",
      env,
    });
    if (result.status !== 0) status = result.status ?? 1;
    if (existsSync(outputFile)) results.push(JSON.parse(readFileSync(outputFile, "utf8")));
  }
  await db.stop();

  if (results.length > 0) {
    const summary = mergeJestResults(results) as { numPassedTests: number; numFailedTests: number; numPendingTests: number; numTotalTestSuites: number };
    if (phases.length > 1) writeFileSync(resultsFile, JSON.stringify(summary));
    // Each phase may match no file of a filter (--passWithNoTests); none at all is a filter that matched nothing.
    if (summary.numTotalTestSuites === 0) {
      console.error("[test] no test file matched");
      status ||= 1;
    }
    console.log(`\n${summary.numPassedTests} passed, ${summary.numFailedTests} failed, ${summary.numPendingTests} skipped`);
  }
  process.exit(status);
}

main().catch((error) => {
  console.error(`[test] ${(error as Error).stack}`);
  process.exit(1);
});
