import fs from "node:fs";
import path from "node:path";
import { prisma } from "@/server/db";
import { releaseWorkerUtils } from "@/server/queue/worker-utils";
import { configureAgentRegistry } from "@/server/agents/registry";
import { findInstalledAgents } from "@/server/runner/process/installed-agents";
import { resetDb } from "@/test/support/db";
import { expectError } from "@/test/support/api";
import { api } from "@/test/support/executions-api";
import { createHarness, type Harness } from "@/test/support/executions-harness";
import { makeIssue } from "@/test/support/factories";
import { AGENT_BINS } from "@/test/integration/agents/support/agent-envs";

// Agent readiness (issue 22, "honest states"): an installed agent without its
// key or config is reported by the runner that lacks it (by variable name,
// never a value), and a run of it is refused up front with a 422 naming the
// variable, unless some live runner has what it needs.

jest.setTimeout(30_000);

const SECRET = "sk-never-shown-0123456789";
let h: Harness;
let issueId: string;
let dataDir: string;
const KEYS = [
  "OPENAI_API_KEY",
  "CODEX_API_KEY",
  "GEMINI_API_KEY",
  "GOOGLE_API_KEY",
  "COPILOT_GITHUB_TOKEN",
  "GH_TOKEN",
  "GITHUB_TOKEN",
  "COPILOT_PROVIDER_BASE_URL",
];
const saved: Record<string, string | undefined> = {};

beforeAll(async () => {
  await resetDb();
  h = await createHarness();
  issueId = (await makeIssue()).id;
  dataDir = path.join(h.tmp, "data");
  for (const key of [...KEYS, "CODEX_BIN", "GEMINI_BIN", "COPILOT_BIN", "CODEX_HOME"]) saved[key] = process.env[key];
  for (const key of KEYS) delete process.env[key];
  delete process.env.CODEX_HOME;
  Object.assign(process.env, { CODEX_BIN: AGENT_BINS.codex, GEMINI_BIN: AGENT_BINS.gemini, COPILOT_BIN: AGENT_BINS.copilot });
});
afterEach(async () => {
  configureAgentRegistry(null);
  await prisma.runner.deleteMany();
});
afterAll(async () => {
  for (const [key, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  await h?.close();
  await releaseWorkerUtils();
  await prisma.$disconnect();
});

const runner = (id: string, agentNeeds: Record<string, unknown>) =>
  prisma.runner.create({
    data: {
      id,
      hostname: "box",
      pid: 1,
      startedAt: new Date(),
      heartbeatAt: new Date(),
      installedAgents: ["claude", "codex"],
      agentNeeds: agentNeeds as object,
    },
  });

describe("what a runner reports", () => {
  it("names the variable each installed agent lacks, and never a value", async () => {
    const report = await findInstalledAgents({ ...process.env, GEMINI_API_KEY: SECRET });
    expect(report.installedAgents).toEqual(expect.arrayContaining(["claude", "codex", "gemini", "copilot"]));
    expect(report.agentNeeds.codex).toEqual({ variable: "OPENAI_API_KEY", message: "needs OPENAI_API_KEY (or a Codex login in its home)" });
    expect(report.agentNeeds.copilot).toMatchObject({ variable: "COPILOT_GITHUB_TOKEN" });
    expect(report.agentNeeds.gemini).toBeUndefined();
    expect(report.agentNeeds.claude).toBeUndefined(); // the harness gives Claude Code its stand-in's key
    expect(JSON.stringify(report)).not.toContain(SECRET);
  });

  it("counts a key in the agents file's env, and a login saved in the agent's home", async () => {
    const agentsFile = path.join(h.tmp, "agents.json");
    fs.writeFileSync(agentsFile, JSON.stringify({ agents: { copilot: { env: { GH_TOKEN: SECRET } } } }));
    configureAgentRegistry({ agentsFile });
    fs.mkdirSync(path.join(dataDir, "agent-homes", "codex"), { recursive: true });
    fs.writeFileSync(path.join(dataDir, "agent-homes", "codex", "auth.json"), JSON.stringify({ tokens: {} }));
    try {
      const report = await findInstalledAgents({ ...process.env, ARBOR_DATA_DIR: dataDir });
      expect(report.agentNeeds).not.toHaveProperty("copilot");
      expect(report.agentNeeds).not.toHaveProperty("codex");
      expect(JSON.stringify(report)).not.toContain(SECRET);
    } finally {
      fs.rmSync(path.join(dataDir, "agent-homes", "codex", "auth.json"));
    }
  });
});

describe("POST /api/executions", () => {
  it("422 naming the variable when no live runner has the agent's key; fine once one has", async () => {
    await runner("r-without-key", { codex: { variable: "OPENAI_API_KEY", message: "needs OPENAI_API_KEY (or a Codex login in its home)" } });
    const refused = await api.create({ issueId, prompt: "hi", agent: "codex" });
    expect(refused.status).toBe(422);
    expect(expectError(refused).message).toBe(
      'agent: Codex needs OPENAI_API_KEY (or a Codex login in its home) in the environment of runner r-without-key: set OPENAI_API_KEY there, or in the agents file\'s "env" for codex',
    );
    expect(await prisma.execution.count()).toBe(0);

    await runner("r-with-key", {});
    const created = await api.create({ issueId, prompt: "hi", agent: "codex" });
    expect(created.status).toBe(201);
    await prisma.execution.deleteMany();
  });

  it("with no live runner, judges this server's environment (which npm start gives its runner)", async () => {
    const refused = await api.create({ issueId, prompt: "hi", agent: "codex" });
    expect(refused.status).toBe(422);
    expect(expectError(refused).message).toMatch(/^agent: Codex needs OPENAI_API_KEY .* in the environment Arbor's runners get: set OPENAI_API_KEY there/);
    process.env.OPENAI_API_KEY = SECRET;
    try {
      const created = await api.create({ issueId, prompt: "hi", agent: "codex" });
      expect(created.status).toBe(201);
      expect(JSON.stringify(created.body)).not.toContain(SECRET);
    } finally {
      delete process.env.OPENAI_API_KEY;
      await prisma.execution.deleteMany();
    }
  });
});
