import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { clearCliProbeCache } from "@/server/agents/cli-probe";
import { planLaunch } from "@/server/agents/plan-launch";
import { configureAgentRegistry } from "@/server/agents/registry";

// planLaunch for agents with isolated homes, subcommand help, fork sources and
// agents-file overrides. The CLIs are shell scripts answering with the real
// help texts recorded from each CLI and logging what they were asked.

const FIXTURES = __dirname;
let dir: string;
let homeRoot: string;

function fakeCli(name: string, version: string, helps: Record<string, string>): string {
  const file = path.join(dir, name);
  const cases = Object.entries(helps)
    .map(([args, fixture]) => `  "${args}") cat "${path.join(FIXTURES, fixture)}";;`)
    .join("\n");
  fs.writeFileSync(
    file,
    `#!/bin/sh\necho "$*" >> "${file}.calls"\ncase "$*" in\n${cases}\n  --version) echo "${version}";;\n  *) echo "unknown" >&2; exit 2;;\nesac\n`,
    { mode: 0o755 },
  );
  return file;
}
const calls = (file: string) => fs.readFileSync(`${file}.calls`, "utf8").trim().split("\n");
const A = "11111111-1111-4111-8111-111111111111";

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "arbor-plan-homes-"));
  homeRoot = path.join(dir, "homes");
  clearCliProbeCache();
});
afterEach(() => {
  configureAgentRegistry(null);
  fs.rmSync(dir, { recursive: true, force: true });
});

const codex = () =>
  fakeCli("codex", "codex-cli 0.169.0", {
    "exec --help": "codex/__fixtures__/help-exec-0.169.0.txt",
    "exec resume --help": "codex/__fixtures__/help-exec-resume-0.169.0.txt",
    "exec fork --help": "codex/__fixtures__/help-exec-fork-0.169.0.txt",
  });

describe("planLaunch with isolated homes", () => {
  it("gives the agent its own home (probed there too) and asks each subcommand's help", async () => {
    const bin = codex();
    const plan = await planLaunch("codex", { mode: { kind: "new" }, prompt: "hi" }, { env: { CODEX_BIN: bin, PATH: "/usr/bin:/bin" }, homeRoot });
    expect(plan).toMatchObject({ ok: true, env: { CODEX_HOME: path.join(homeRoot, "codex") } });
    expect(fs.statSync(path.join(homeRoot, "codex")).isDirectory()).toBe(true);
    expect(calls(bin).sort()).toEqual(["--version", "exec --help", "exec fork --help", "exec resume --help"]);
  });

  it("defaults the homes to $ARBOR_DATA_DIR/agent-homes", async () => {
    const plan = await planLaunch("codex", { mode: { kind: "new" }, prompt: "hi" }, { env: { CODEX_BIN: codex(), ARBOR_DATA_DIR: path.join(dir, "data") } });
    expect(plan).toMatchObject({ ok: true, env: { CODEX_HOME: path.join(dir, "data", "agent-homes", "codex") } });
  });

  it("merges Arbor's settings into the home's own, and refuses a settings file it cannot read", async () => {
    const bin = fakeCli("gemini", "0.61.0", { "--help": "gemini/__fixtures__/help-0.61.0.txt" });
    const settings = path.join(homeRoot, "gemini", ".gemini", "settings.json");
    fs.mkdirSync(path.dirname(settings), { recursive: true });
    fs.writeFileSync(settings, JSON.stringify({ ui: { theme: "mine" }, security: { folderTrust: { enabled: false } } }));
    const plan = await planLaunch("gemini", { mode: { kind: "new", sessionId: A }, prompt: "hi" }, { env: { GEMINI_BIN: bin, GEMINI_API_KEY: "k" }, homeRoot });
    expect(plan).toMatchObject({ ok: true, env: { GEMINI_CLI_HOME: path.join(homeRoot, "gemini") } });
    expect(JSON.parse(fs.readFileSync(settings, "utf8"))).toEqual({
      ui: { theme: "mine" },
      security: { folderTrust: { enabled: false }, auth: { selectedType: "gemini-api-key" } },
      general: { sessionRetention: { enabled: false } },
    });

    fs.writeFileSync(settings, "{ not json");
    expect(await planLaunch("gemini", { mode: { kind: "new" }, prompt: "hi" }, { env: { GEMINI_BIN: bin, GEMINI_API_KEY: "k" }, homeRoot })).toMatchObject({
      ok: false,
      code: "agent_misconfigured",
      message: expect.stringContaining("settings.json is not valid JSON"),
    });
  });

  it("locates the transcript a Gemini fork imports, or says the session is gone", async () => {
    const bin = fakeCli("gemini", "0.61.0", { "--help": "gemini/__fixtures__/help-0.61.0.txt" });
    const fork = { mode: { kind: "fork" as const, fromSessionId: A }, prompt: "b" };
    expect(await planLaunch("gemini", fork, { env: { GEMINI_BIN: bin }, homeRoot })).toMatchObject({ ok: false, code: "session_not_found" });
    const chats = path.join(homeRoot, "gemini", ".gemini", "tmp", "ws", "chats");
    fs.mkdirSync(chats, { recursive: true });
    const transcript = path.join(chats, `session-2026-11-23T01-08-${A.slice(0, 8)}.jsonl`);
    fs.writeFileSync(transcript, `${JSON.stringify({ sessionId: A })}\n`);
    expect(await planLaunch("gemini", fork, { env: { GEMINI_BIN: bin }, homeRoot })).toMatchObject({
      ok: true,
      argv: expect.arrayContaining(["--session-file", transcript]),
    });
  });

  it("keeps one home per session for strategy B, named by the session's UUID", async () => {
    const bin = path.join(dir, "aider");
    // aider's help was not recordable here (no PyPI): a minimal argparse-style help.
    fs.writeFileSync(
      bin,
      `#!/bin/sh\ncase "$1" in --version) echo "aider 0.86.0";; *) printf 'options:\\n  --yes-always  y\\n  --no-pretty  p\\n  --no-stream  s\\n  --no-auto-commits  c\\n  --chat-history-file CHAT  h\\n  --input-history-file IN  i\\n  --restore-chat-history  r\\n  --message COMMAND, --msg COMMAND, -m COMMAND  m\\n';; esac\n`,
      { mode: 0o755 },
    );
    const plan = await planLaunch("aider", { mode: { kind: "continue", sessionId: A }, prompt: "more" }, { env: { AIDER_BIN: bin }, homeRoot });
    const home = path.join(homeRoot, "aider", "sessions", A);
    expect(plan).toMatchObject({
      ok: true,
      arborSessionId: A,
      argv: expect.arrayContaining(["--chat-history-file", `${home}/.aider.chat.history.md`, "--restore-chat-history"]),
    });
    expect(fs.existsSync(home)).toBe(true);
    expect(await planLaunch("aider", { mode: { kind: "new" }, prompt: "p" }, { env: { AIDER_BIN: bin }, homeRoot })).toMatchObject({
      ok: false,
      code: "invalid_launch",
    });
  });
});

describe("planLaunch with the agents file", () => {
  it("takes a built-in's binary, options, env and home from the file; its *_BIN variable still wins", async () => {
    const bin = codex();
    const agentsFile = path.join(dir, "arbor.agents.json");
    fs.writeFileSync(
      agentsFile,
      JSON.stringify({
        agents: { codex: { binary: bin, args: ["-m", "gpt-5.5"], env: { OPENAI_API_KEY: "from-file", CODEX_HOME: "/mine" }, home: "inherit" } },
      }),
    );
    configureAgentRegistry({ agentsFile });
    const plan = await planLaunch("codex", { mode: { kind: "new" }, prompt: "hi" }, { env: { PATH: "/usr/bin:/bin" }, homeRoot });
    expect(plan).toMatchObject({
      ok: true,
      argv: [bin, "exec", "--json", "--skip-git-repo-check", "-s", "workspace-write", "-m", "gpt-5.5", "--", "hi"],
      env: { OPENAI_API_KEY: "from-file", CODEX_HOME: "/mine" },
    });
    expect(fs.existsSync(path.join(homeRoot, "codex"))).toBe(false);

    const other = fakeCli("codex-beta", "codex-cli 0.169.0", {
      "exec --help": "codex/__fixtures__/help-exec-0.169.0.txt",
      "exec resume --help": "codex/__fixtures__/help-exec-resume-0.169.0.txt",
      "exec fork --help": "codex/__fixtures__/help-exec-fork-0.169.0.txt",
    });
    const preferred = await planLaunch("codex", { mode: { kind: "new" }, prompt: "hi" }, { env: { CODEX_BIN: other }, homeRoot });
    expect(preferred.ok && preferred.argv[0]).toBe(other);
  });

  it("refuses an option from the file that the CLI does not list, naming it", async () => {
    const agentsFile = path.join(dir, "arbor.agents.json");
    fs.writeFileSync(agentsFile, JSON.stringify({ agents: { codex: { binary: codex(), args: ["--turbo"] } } }));
    configureAgentRegistry({ agentsFile });
    expect(await planLaunch("codex", { mode: { kind: "new" }, prompt: "hi" }, { env: {}, homeRoot })).toMatchObject({
      ok: false,
      code: "agent_misconfigured",
      message: expect.stringContaining("--turbo"),
    });
  });

  it("names what to set when a binary is missing", async () => {
    expect(await planLaunch("codex", { mode: { kind: "new" }, prompt: "hi" }, { env: { PATH: dir }, homeRoot })).toMatchObject({
      ok: false,
      code: "agent_not_found",
      message: expect.stringContaining("set CODEX_BIN"),
    });
  });
});
