import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { runArbor } from "@/test/support/cli";
import { GET as agentsRoute } from "@/app/api/agents/route";
import { configureAgentRegistry } from "@/server/agents/registry";
import { AGENT_BINS } from "@/test/integration/agents/support/agent-envs";
import { CLAUDE_BIN } from "@/test/integration/agents/support/run-agent";

// `GET /api/agents` and `arbor agents`, through the real route handler with
// the real CLIs installed from npm (probed for their versions) and an agents
// file that adds, changes and gets wrong.

jest.setTimeout(60_000);

const saved = { ...process.env };
let dir: string;

beforeAll(() => {
  dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "arbor-agents-list-")));
  Object.assign(process.env, {
    ARBOR_DATA_DIR: path.join(dir, "data"),
    CLAUDE_BIN,
    CODEX_BIN: AGENT_BINS.codex,
    GEMINI_BIN: AGENT_BINS.gemini,
    OPENCODE_BIN: AGENT_BINS.opencode,
    QWEN_BIN: AGENT_BINS.qwen,
    COPILOT_BIN: AGENT_BINS.copilot,
    AIDER_BIN: path.join(dir, "no-aider-here"),
  });
  delete process.env.ARBOR_COMMAND_BIN;
  const agentsFile = path.join(dir, "arbor.agents.json");
  fs.writeFileSync(
    agentsFile,
    JSON.stringify({
      agents: {
        codex: { args: ["-m", "gpt-5.5"] },
        "my-echo": { displayName: "Echo", binary: "/bin/echo", args: { new: ["{prompt}"] } },
        broken: { binary: "x", sessions: "by-id", args: { new: ["{prompt}"] } },
      },
    }),
  );
  configureAgentRegistry({ agentsFile });
});
afterAll(() => {
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
  expect(lines[0]).toMatch(/^AGENT\s+INSTALLED\s+VERSION\s+SESSIONS\s+VERIFIED$/);
  expect(lines.find((line) => line.startsWith("codex"))).toMatch(/^codex \(changed\)\s+yes\s+0\.169\.0\s+continue, fork, latest\s+0\.169\.0$/);
  expect(lines.find((line) => line.startsWith("aider"))).toMatch(/^aider\s+no\s+—\s+named, continue \(latest-in-home\)\s+not verified on this machine: .*PyPI/);
  expect(lines.find((line) => line.startsWith("my-echo"))).toMatch(/^my-echo \(file\)\s+yes/);
  expect(stdout).toContain("Not installed:");
  expect(stdout).toContain(`Agents file: ${path.join(dir, "arbor.agents.json")}`);
  expect(stderr).toContain("warning: Agents file");

  const json = await arbor("agents", "--json");
  expect(JSON.parse(json.stdout).agents).toHaveLength(9);
  expect(await arbor("agents", "extra")).toMatchObject({ code: 2 });
});
