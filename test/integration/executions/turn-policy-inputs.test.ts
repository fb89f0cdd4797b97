import { getAgentDefinition } from "@/server/agents/registry";
import { prisma } from "@/server/db";
import { loadTurnPermissions, readTurnPolicyInputs } from "@/server/permissions/load-turn-permissions";
import { setProjectPolicy } from "@/server/permissions/set-project-policy";
import { resetDb } from "@/test/support/db";

// A warm Continue reads its policy inputs as it is asked for (with its
// guards' early facts, server/runner/warm/warm-guards.ts), and its runner
// settles the turn's policy from them: only a turn of the project, agent and
// session they were read for may use them; any other reads its own.

const claude = getAgentDefinition("claude")!;
const continueOf = (session: string) => ({ agent: "claude", requestedPermissions: null, projectId: null, parentExecutionId: null, targetSessionId: session });

beforeEach(async () => {
  await resetDb();
  await setProjectPolicy(null, { mode: "edits", allow: ["Bash(npm test:*)"] });
});
afterAll(() => prisma.$disconnect());

describe("a turn's policy from inputs read early", () => {
  it("uses what was read for its project, agent and session", async () => {
    const early = readTurnPolicyInputs(null, "claude", "s1");
    await early.read;
    await setProjectPolicy(null, { mode: "plan" });
    const turn = { ...continueOf("s1"), parentExecutionId: "00000000-0000-4000-8000-000000000001" };
    expect(await loadTurnPermissions(turn, claude, early)).toEqual({
      ok: true,
      permissions: expect.objectContaining({ mode: "edits", allow: ["Bash(npm test:*)"] }),
    });
    expect(await loadTurnPermissions(turn, claude)).toEqual({ ok: true, permissions: expect.objectContaining({ mode: "plan" }) });
  });

  it.each([
    ["another agent", () => readTurnPolicyInputs(null, "codex", "s1")],
    ["another session", () => readTurnPolicyInputs(null, "claude", "s2")],
    ["another project", () => readTurnPolicyInputs("00000000-0000-4000-8000-000000000002", "claude", "s1")],
  ])("reads its own when they were read for %s", async (_name, read) => {
    const early = read();
    await early.read;
    await setProjectPolicy(null, { mode: "plan" });
    const turn = { ...continueOf("s1"), parentExecutionId: "00000000-0000-4000-8000-000000000001" };
    expect(await loadTurnPermissions(turn, claude, early)).toEqual({ ok: true, permissions: expect.objectContaining({ mode: "plan" }) });
  });
});
