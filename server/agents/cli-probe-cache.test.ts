import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { clearCliProbeCache, probeCli } from "@/server/agents/cli-probe";
import { cliProbeCacheDir } from "@/server/agents/cli-probe-cache";
import { planLaunch } from "@/server/agents/plan-launch";

// The probes kept on disk: a restart (here: the in-memory cache cleared, as a
// new process has it) reads what the CLI printed instead of asking it again.
// The CLI is a shell script printing Claude Code 2.1.330's real help, and
// logging each time it is asked.

const HELP = path.join(__dirname, "claude/__fixtures__/help-2.1.330.txt");
let dir: string;
let cacheDir: string;

function loggingCli(name: string): string {
  const file = path.join(dir, name);
  const script = `#!/bin/sh\necho "$1" >> "${file}.log"\n[ "$1" = --version ] && echo "2.1.330 (Claude Code)" || cat "${HELP}"\n`;
  fs.writeFileSync(file, script, { mode: 0o755 });
  return file;
}
const asked = (file: string) => (fs.existsSync(`${file}.log`) ? fs.readFileSync(`${file}.log`, "utf8").trim().split("\n").length : 0);
const entries = () => (fs.existsSync(cacheDir) ? fs.readdirSync(cacheDir) : []);

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "arbor-probe-cache-"));
  cacheDir = path.join(dir, "data", "cache", "cli-probes");
  clearCliProbeCache();
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

it("is under the data directory a start names, and absent without one", () => {
  expect(cliProbeCacheDir({ ARBOR_DATA_DIR: path.join(dir, "data") })).toBe(cacheDir);
  expect(cliProbeCacheDir({ ARBOR_DATA_DIR: " " })).toBeUndefined();
  expect(cliProbeCacheDir({})).toBeUndefined();
});

it("answers a new process from disk, with what the CLI said", async () => {
  const cli = loggingCli("claude");
  const first = await probeCli(cli, { cacheDir });
  expect(asked(cli)).toBe(2); // --version and --help
  expect(entries()).toHaveLength(1);

  clearCliProbeCache();
  const again = await probeCli(cli, { cacheDir });
  expect(asked(cli)).toBe(2);
  expect(again).toEqual(first);
  expect(again.ok && again.capabilities.flags.has("--fork-session")).toBe(true);
  expect(again.ok && again.capabilities.version).toBe("2.1.330");
});

it("asks again when the binary changed in place, or the entry is unreadable", async () => {
  const cli = loggingCli("claude");
  await probeCli(cli, { cacheDir });
  const later = new Date(Date.now() + 5_000);
  fs.utimesSync(cli, later, later); // an upgrade: a new key
  clearCliProbeCache();
  await probeCli(cli, { cacheDir });
  expect(asked(cli)).toBe(4);
  expect(entries()).toHaveLength(2);

  for (const entry of entries()) fs.writeFileSync(path.join(cacheDir, entry), "{ not json");
  clearCliProbeCache();
  const result = await probeCli(cli, { cacheDir });
  expect(asked(cli)).toBe(6);
  expect(result.ok).toBe(true);
});

it("keeps no failure on disk", async () => {
  const silent = path.join(dir, "silent");
  fs.writeFileSync(silent, "#!/bin/sh\nexit 3\n", { mode: 0o755 });
  expect((await probeCli(silent, { cacheDir })).ok).toBe(false);
  expect(entries()).toEqual([]);
});

it("is what a launch reads once a data directory is named", async () => {
  const cli = loggingCli("claude");
  const env = { PATH: `${dir}:/usr/bin:/bin`, ARBOR_DATA_DIR: path.join(dir, "data") };
  const request = { mode: { kind: "new" as const, sessionId: "11111111-1111-4111-8111-111111111111" }, prompt: "hi" };
  expect((await planLaunch("claude", request, { env })).ok).toBe(true);
  clearCliProbeCache();
  expect((await planLaunch("claude", request, { env })).ok).toBe(true);
  expect(asked(cli)).toBe(2);
});
