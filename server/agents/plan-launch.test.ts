import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { clearCliProbeCache, probeCli } from "@/server/agents/cli-probe";
import { planLaunch, resolveAgentRuntime } from "@/server/agents/plan-launch";

// Fake CLIs: shell scripts that print Claude Code 2.1.330's real --help and
// count how often they were asked.
const HELP = path.join(__dirname, "claude/__fixtures__/help-2.1.330.txt");
let dir: string;

function fakeCli(name: string, version = "2.1.330 (Claude Code)", help = HELP): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, `#!/bin/sh\necho "$1" >> "${file}.calls"\ncase "$1" in --help) cat "${help}";; --version) echo "${version}";; esac\n`, {
    mode: 0o755,
  });
  return file;
}

const calls = (file: string) => (fs.existsSync(`${file}.calls`) ? fs.readFileSync(`${file}.calls`, "utf8").trim().split("\n").length : 0);
const env = (extra: Record<string, string> = {}) => ({ PATH: `${dir}:/usr/bin:/bin`, ...extra });
const NEW = { mode: { kind: "new" as const, sessionId: "11111111-1111-4111-8111-111111111111" }, prompt: "hi" };

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "arbor-plan-launch-"));
  clearCliProbeCache();
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("probeCli", () => {
  it("reads flags, choices and version, once per binary file", async () => {
    const cli = fakeCli("claude");
    const [first, second] = await Promise.all([probeCli(cli), probeCli(cli)]);
    expect(first).toEqual(second);
    expect(first.ok && first.capabilities.version).toBe("2.1.330");
    expect(first.ok && first.capabilities.flags.has("--fork-session")).toBe(true);
    await probeCli(cli);
    expect(calls(cli)).toBe(2); // --help and --version, once

    // Replacing the binary (new mtime) probes again.
    const later = new Date(Date.now() + 5_000);
    fs.utimesSync(cli, later, later);
    await probeCli(cli);
    expect(calls(cli)).toBe(4);
  });

  it("asks a help that listed nothing once more (a CLI starved of CPU prints a partial help)", async () => {
    const flaky = path.join(dir, "flaky");
    // The first --help prints nothing, later ones the real help.
    fs.writeFileSync(
      flaky,
      `#!/bin/sh\necho "$1" >> "${flaky}.calls"\ncase "$1" in --help) [ "$(grep -c -- --help "${flaky}.calls")" -gt 1 ] && cat "${HELP}";; --version) echo 2.1.330;; esac\n`,
      { mode: 0o755 },
    );
    const result = await probeCli(flaky);
    expect(result.ok && result.capabilities.flags.has("--fork-session")).toBe(true);
    expect(calls(flaky)).toBe(3);
  });

  it("fails as data for a binary without an options list", async () => {
    const empty = path.join(dir, "empty.txt");
    fs.writeFileSync(empty, "nothing to see\n");
    const odd = fakeCli("odd", "1.0.0", empty);
    const result = await probeCli(odd);
    // Asked twice (a starved CLI may print a partial help), and what it printed is quoted.
    expect(result).toEqual({ ok: false, message: expect.stringContaining('listed no options (asked twice); it printed "nothing to see"') });
    expect(calls(odd)).toBe(3); // --version, --help, --help again
  });
});

describe("planLaunch", () => {
  it("finds claude on PATH and builds its argv", async () => {
    const cli = fakeCli("claude");
    const plan = await planLaunch("claude", NEW, { env: env() });
    expect(plan).toMatchObject({ ok: true, expectedSessionId: NEW.mode.sessionId });
    expect(plan.ok && plan.argv[0]).toBe(cli);
  });

  it("prefers CLAUDE_BIN", async () => {
    const other = fakeCli("claude-beta");
    const plan = await planLaunch("claude", NEW, { env: env({ CLAUDE_BIN: other }) });
    expect(plan.ok && plan.argv[0]).toBe(other);
  });

  it("reports a missing binary as agent_not_found", async () => {
    expect(await planLaunch("claude", NEW, { env: env() })).toMatchObject({ ok: false, code: "agent_not_found" });
    expect(await planLaunch("claude", NEW, { env: env({ CLAUDE_BIN: path.join(dir, "nope") }) })).toMatchObject({ ok: false, code: "agent_not_found" });
    expect(await planLaunch("command", { mode: { kind: "new" }, prompt: "x" }, { env: env() })).toMatchObject({
      ok: false,
      code: "agent_not_found",
      message: expect.stringContaining("ARBOR_COMMAND_BIN"),
    });
    expect(await planLaunch("nobody", NEW, { env: env() })).toMatchObject({ ok: false, code: "agent_not_found" });
  });

  it("reports an old CLI as unsupported for exact-point forks", async () => {
    fakeCli("claude", "2.0.0 (Claude Code)");
    const plan = await planLaunch(
      "claude",
      {
        mode: {
          kind: "fork",
          fromSessionId: NEW.mode.sessionId,
          newSessionId: "22222222-2222-4222-8222-222222222222",
          atMessageId: "33333333-3333-4333-8333-333333333333",
        },
        prompt: "x",
      },
      { env: env() },
    );
    expect(plan).toMatchObject({ ok: false, code: "agent_unsupported" });
  });

  it("runs a plain command without probing it", async () => {
    const plan = await planLaunch(
      "command",
      { mode: { kind: "new" }, prompt: "say hi" },
      { env: env({ ARBOR_COMMAND_BIN: "echo", ARBOR_COMMAND_ARGS: '["-n"]', PATH: "/usr/bin:/bin" }) },
    );
    expect(plan).toMatchObject({ ok: true, argv: [expect.stringMatching(/\/echo$/), "-n", "say hi"] });
  });
});

describe("resolveAgentRuntime", () => {
  it("gives the binary as configured and its real path (the runtime fingerprint), with the probe, launching nothing", async () => {
    const real = fakeCli("claude-real", "2.1.330 (Claude Code)");
    fs.symlinkSync(real, path.join(dir, "claude"));
    const resolved = await resolveAgentRuntime("claude", { env: env() });
    expect(resolved).toMatchObject({ ok: true, runtime: { binaryPath: path.join(dir, "claude"), realPath: real, capabilities: { version: "2.1.330" } } });
    expect(fs.readFileSync(`${real}.calls`, "utf8").trim().split("\n").sort()).toEqual(["--help", "--version"]);
    // planLaunch with that runtime does not resolve or probe again.
    const plan = await planLaunch("claude", NEW, { env: env({ PATH: "/nowhere" }), runtime: resolved.ok ? resolved.runtime : undefined });
    expect(plan.ok && plan.argv.slice(0, 2)).toEqual([path.join(dir, "claude"), "-p"]);
  });

  it("fails the same ways planLaunch does", async () => {
    expect(await resolveAgentRuntime("claude", { env: env({ CLAUDE_BIN: path.join(dir, "missing") }) })).toMatchObject({ ok: false, code: "agent_not_found" });
    expect(await resolveAgentRuntime("command", { env: env() })).toMatchObject({ ok: false, code: "agent_not_found" });
  });
});
