import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { configureAgentRegistry } from "@/server/agents/registry";
import { prisma } from "@/server/db";
import { releaseWorkerUtils } from "@/server/queue/worker-utils";
import { startRunner } from "@/server/runner/process/run-runner";
import { resetDb, testDatabaseUrl } from "@/test/support/db";

// A broken agents file never stops a runner: it starts, says what is wrong
// (naming the field) once, and records the built-in agents it finds.

jest.setTimeout(60_000);

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "arbor-agents-file-"));
beforeAll(resetDb);
afterAll(async () => {
  configureAgentRegistry(null);
  fs.rmSync(dir, { recursive: true, force: true });
  await releaseWorkerUtils();
  await prisma.$disconnect();
});

test("the runner starts with a bad agents file, names the bad field, and still has the built-ins", async () => {
  const file = path.join(dir, "arbor.agents.json");
  fs.writeFileSync(file, JSON.stringify({ agents: { mine: { binary: "mine", stream: "nope", sessions: "by-id", args: { new: ["{prompt}"] } } } }));
  configureAgentRegistry({ agentsFile: file });
  const lines: string[] = [];
  const runner = await startRunner({ databaseUrl: testDatabaseUrl(), runnerId: "runner-with-bad-agents-file", log: (line) => lines.push(line) });
  try {
    expect(lines).toContainEqual(expect.stringMatching(/^Agents file .*arbor\.agents\.json: agents\.mine\.stream: .* \(agent ignored\)$/));
    expect(lines).toContainEqual(expect.stringMatching(/^runner runner-with-bad-agents-file ready/));
    const row = await prisma.runner.findUniqueOrThrow({ where: { id: "runner-with-bad-agents-file" } });
    expect(row.installedAgents).toContain("claude");
    expect(row.installedAgents).not.toContain("mine");
  } finally {
    await runner.stop();
  }
});
