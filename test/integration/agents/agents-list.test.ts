import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { runArbor } from "@/test/support/cli";
import { GET as agentsRoute } from "@/app/api/agents/route";
import { configureAgentRegistry } from "@/server/agents/registry";
import { prisma } from "@/server/db";
import { resetDb } from "@/test/support/db";
import { AGENT_BINS } from "@/test/integration/agents/support/agent-envs";
import { CLAUDE_BIN } from "@/test/integration/agents/support/run-agent";

// `GET /api/agents` and `arbor agents`, through the real route handler with
// the real CLIs installed from npm (probed for their versions) and an agents
// file that adds, changes and gets wrong. No runner is live, so readiness is
// judged in this process's environment: some agents have their key (in the
// environment, the agents file's env, or a saved login), others do not.

jest.setTimeout(60_000);

const saved = { ...process.env };
let dir: string;
const SECRET = "sk-agents-list-never-shown-42";

beforeAll(async () => {
  await resetDb();
  dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "arbor-agents-list-")));
  for (const key of [
    "ANTHROPIC_API_KEY",
    "ANTHROPIC_AUTH_TOKEN",
    "CLAUDE_CODE_OAUTH_TOKEN",
    "OPENAI_API_KEY",
    "CODEX_API_KEY",
    "GOOGLE_API_KEY",
    "OPENCODE_CONFIG_CONTENT",
    "OPENCODE_AUTH_CONTENT",
    "ANTHROPIC_BASE_URL",
  ])
    delete process.env[key];
  for (const key of ["COPILOT_GITHUB_TOKEN", "GH_TOKEN", "GITHUB_TOKEN", "COPILOT_PROVIDER_BASE_URL", "GEMINI_API_KEY"]) delete process.env[key];
  // Claude Code logged in (a credentials file in its config dir); Gemini CLI with its key.
  fs.mkdirSync(path.join(dir, "claude-config"));
  fs.writeFileSync(path.join(dir, "claude-config", ".credentials.json"), JSON.stringify({ claudeAiOauth: {} }));
  Object.assign(process.env, {
    ARBOR_DATA_DIR: path.join(dir, "data"),
    CLAUDE_BIN,
    CODEX_BIN: AGENT_BINS.codex,
    GEMINI_BIN: AGENT_BINS.gemini,
    OPENCODE_BIN: AGENT_BINS.opencode,
    QWEN_BIN: AGENT_BINS.qwen,
    COPILOT_BIN: AGENT_BINS.copilot,
    AIDER_BIN: path.join(dir, "no-aider-here"),
    CLAUDE_CONFIG_DIR: path.join(dir, "claude-config"),
    GEMINI_API_KEY: SECRET,
  });
  delete process.env.ARBOR_COMMAND_BIN;
  const agentsFile = path.join(dir, "arbor.agents.json");
  fs.writeFileSync(
    agentsFile,
    JSON.stringify({
      agents: {
        codex: { args: ["-m", "gpt-5.5"] },
        qwen: { env: { OPENAI_API_KEY: SECRET } },
        "my-echo": { displayName: "Echo", binary: "/bin/echo", args: { new: ["{prompt}"] } },
        broken: { binary: "x", sessions: "by-id", args: { new: ["{prompt}"] } },
      },
    }),
  );
  configureAgentRegistry({ agentsFile });
});
afterAll(async () => {
  await prisma.$disconnect();
  configureAgentRegistry(null);
  process.env = saved;
  fs.rmSync(dir, { recursive: true, force: true });
});

/** `arbor <argv…>` in-process, against the real /api/agents handler. */
const arbor = (...argv: string[]) =>
  runArbor(argv, {
    cwd: dir,
    fetch: (async (input: string | URL | Request, init?: RequestInit) => {
      const request = new Request(input, init);
      return new URL(request.url).pathname === "/api/agents" ? agentsRoute(request, undefined) : new Response("not found", { status: 404 });
    }) as typeof fetch,
  });

test("GET /api/agents lists every agent with installed?, version, sessions and verification", async () => {
  const response = await agentsRoute(new Request("http://127.0.0.1/api/agents"), undefined);
  expect(response.status).toBe(200);
  const body = await response.json();
  const byId = Object.fromEntries(body.agents.map((agent: { id: string }) => [agent.id, agent]));
  expect(Object.keys(byId)).toEqual(["claude", "codex", "gemini", "opencode", "qwen", "copilot", "aider", "command", "my-echo"]);
  const verified = { claude: "2.1.330", codex: "0.169.0", gemini: "0.61.0", opencode: "1.18.33", qwen: "0.24.4", copilot: "1.0.102" };
  for (const [id, version] of Object.entries(verified)) {
    expect(byId[id]).toMatchObject({ installed: true, version, problem: null, verification: { status: "verified", version, installedMatches: true } });
  }
  expect(byId.codex).toMatchObject({ overridden: true, sessions: { strategy: "by-id", capabilities: ["resume-by-id", "fork", "continue-latest"] } });
  expect(byId.copilot.sessions.capabilities).not.toContain("fork");
  expect(byId.aider).toMatchObject({
    installed: false,
    problem: expect.stringContaining("AIDER_BIN"),
    sessions: { strategy: "latest-in-home" },
    verification: { status: "not-verified", reason: expect.stringContaining("PyPI") },
  });
  expect(byId.command).toMatchObject({ installed: false, problem: expect.stringContaining("ARBOR_COMMAND_BIN"), verification: null });
  expect(byId["my-echo"]).toMatchObject({ source: "agents-file", displayName: "Echo", installed: true, sessions: { strategy: "none", capabilities: [] } });

  // Ready or not, by the name of what is missing: a key in the environment, the agents file's env or a saved login counts.
  const needs = Object.fromEntries(body.agents.map((agent: { id: string; needs: { variable: string } | null }) => [agent.id, agent.needs?.variable ?? null]));
  expect(needs).toEqual({
    claude: null,
    codex: "OPENAI_API_KEY",
    gemini: null,
    opencode: null, // GEMINI_API_KEY is a provider key opencode picks up by itself
    qwen: null,
    copilot: "COPILOT_GITHUB_TOKEN",
    aider: null, // not installed: that comes first
    command: null,
    "my-echo": null, // a custom agent: Arbor cannot know what it needs
  });
  expect(JSON.stringify(body)).not.toContain(SECRET);
  expect(byId.gemini.notice).toMatch(/retired .* 2026-06.*API keys \(GEMINI_API_KEY\) still work/);
  expect(byId.qwen.permissions).toMatchObject({ modes: ["ask", "edits", "trusted"], defaultMode: "ask", asks: true });
  expect(byId.codex.permissions).toMatchObject({ modes: ["edits", "trusted"], defaultMode: "edits", asks: false });
  expect(body.warnings).toEqual([
    expect.stringContaining('agents.broken.stream: sessions "by-id" needs a stream that reports session ids'),
    expect.stringContaining('agents.broken.args.continue: required for sessions "by-id" (agent ignored)'),
  ]);
  // Probing happened in Arbor's homes, not in ~.
  expect(fs.existsSync(path.join(dir, "data", "agent-homes", "codex"))).toBe(true);
});

test("arbor agents prints a table, what is missing, and the agents file's problems", async () => {
  const { code, stdout, stderr } = await arbor("agents");
  expect(code).toBe(0);
  const lines = stdout.split("\n");
  expect(lines[0]).toMatch(/^AGENT\s+READY\s+VERSION\s+SESSIONS\s+MODES\s+VERIFIED$/);
  expect(lines.find((line) => line.startsWith("codex"))).toMatch(
    /^codex \(changed\)\s+needs OPENAI_API_KEY\s+0\.169\.0\s+continue, fork, latest\s+edits, trusted\s+0\.169\.0$/,
  );
  expect(lines.find((line) => line.startsWith("gemini"))).toMatch(/^gemini\s+yes\s+0\.61\.0\s/);
  expect(lines.find((line) => line.startsWith("qwen"))).toMatch(/^qwen \(changed\)\s+yes\s+0\.24\.4\s+.*\s+ask, edits, trusted\s/);
  expect(lines.find((line) => line.startsWith("aider"))).toMatch(
    /^aider\s+not installed\s+—\s+named, continue \(latest-in-home\)\s+edits\s+not verified on this machine: .*PyPI/,
  );
  expect(lines.find((line) => line.startsWith("my-echo"))).toMatch(/^my-echo \(file\)\s+yes/);
  expect(stdout).toContain("Not installed:");
  expect(stdout).toContain("  codex: needs OPENAI_API_KEY (or a Codex login in its home)");
  expect(stdout).toMatch(/Notes:\n {2}gemini: Google retired Gemini CLI sign-in/);
  expect(stdout).not.toContain(SECRET);
  expect(stdout).toContain(`Agents file: ${path.join(dir, "arbor.agents.json")}`);
  expect(stderr).toContain("warning: Agents file");

  const json = await arbor("agents", "--json");
  expect(JSON.parse(json.stdout).agents).toHaveLength(9);
  expect(await arbor("agents", "extra")).toMatchObject({ code: 2 });
});
