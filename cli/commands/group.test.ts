// `arbor run --agents … --follow` and `arbor group pick` with an injected fetch: what is sent, what is printed, exit codes.

import { main } from "../main";

const A = "a1b2c3d4-0000-4000-8000-000000000001";
const B = "b1b2c3d4-0000-4000-8000-000000000002";

const member = (id: string, agent: string, model: string | null, status: string) => ({
  execution: { id, issueId: "ISSUE-1", agent, model, status, groupId: "GRP-2" },
  finalAnswer: status === "completed" ? `${agent} says done` : null,
  timeToFirstOutputMs: null,
  totalMs: null,
  archived: false,
  queuedBehind: null,
});
const group = (statuses: [string, string], picked: string | null = null) => ({
  id: "GRP-2",
  issueId: "ISSUE-1",
  prompt: "Fix it",
  sourceExecutionId: null,
  startSha: null,
  projectId: null,
  pickedExecutionId: picked,
  pickedAt: null,
  createdAt: "2026-11-27T10:00:00.000Z",
  queueNote: null,
  members: [member(A, "claude", null, statuses[0]), member(B, "codex", "gpt-5.5", statuses[1])],
});

async function run(argv: string[], answer: (method: string, path: string, body: unknown) => unknown) {
  let stdout = "";
  let stderr = "";
  const sent: { method: string; path: string; body: unknown }[] = [];
  const fetchImpl = (async (input: string, init: RequestInit = {}) => {
    const method = init.method ?? "GET";
    const { pathname } = new URL(input);
    const body = init.body ? JSON.parse(init.body as string) : undefined;
    sent.push({ method, path: pathname, body });
    return new Response(JSON.stringify(answer(method, pathname, body)), {
      status: method === "POST" ? 201 : 200,
      headers: { "content-type": "application/json" },
    });
  }) as unknown as typeof fetch;
  const code = await main(argv, {
    env: { ARBOR_URL: "http://arbor.test" },
    stdout: { write: (s: string) => void (stdout += s), isTTY: false },
    stderr: { write: (s: string) => void (stderr += s) },
    cwd: "/work",
    readStdin: async () => "",
    fetch: fetchImpl,
    sse: { sleep: async () => {} },
  });
  return { code, stdout, stderr, sent };
}

describe("arbor run --agents --follow", () => {
  it("fans out, then waits for every member, printing each change, and exits 1 when one did not complete", async () => {
    const polls = [group(["running", "queued"]), group(["completed", "running"]), group(["completed", "failed"])];
    const res = await run(["run", "ISSUE-1", "Fix it", "--agents", "claude,codex:gpt-5.5", "--from", "main", "-f"], (method) =>
      method === "POST" ? { group: group(["queued", "queued"]), executions: [] } : polls.shift(),
    );
    expect(res.sent[0]).toEqual({
      method: "POST",
      path: "/api/executions/fan-out",
      body: { issueId: "ISSUE-1", prompt: "Fix it", runs: [{ agent: "claude" }, { agent: "codex", model: "gpt-5.5" }], startRef: "main" },
    });
    expect(res.sent.slice(1).map((r) => `${r.method} ${r.path}`)).toEqual(Array(3).fill("GET /api/groups/GRP-2"));
    expect(res.stdout).toContain("compare them: http://arbor.test/groups/GRP-2  or  arbor group GRP-2");
    expect(res.stdout).toContain(
      "── a1b2c3d4 claude running\n── a1b2c3d4 claude completed\n── b1b2c3d4 codex · gpt-5.5 running\n── b1b2c3d4 codex · gpt-5.5 failed\n",
    );
    expect(res.stdout).toContain("── a1b2c3d4 claude (completed)\n  claude says done");
    expect(res.code).toBe(1);
  });
});

describe("arbor group pick", () => {
  it("sends the member's full id and the choices, and says what was applied and archived", async () => {
    const res = await run(["group", "pick", "GRP-2", A, "--apply", "--archive-others", "-m", "cleanest"], () => ({
      group: group(["completed", "completed"], A),
      applied: { branch: "main", commit: "0123456789abcdef" },
      archived: [B],
    }));
    expect(res.sent).toEqual([
      { method: "POST", path: "/api/groups/GRP-2/pick", body: { executionId: A, apply: true, archiveOthers: true, note: "cleanest" } },
    ]);
    expect(res.stdout).toBe("Picked a1b2c3d4 (claude) in GRP-2\n  applied to main: 0123456789ab\n  archived (worktrees removed, branches kept): b1b2c3d4\n");
    expect(res.code).toBe(0);
  });
});

describe("arbor fork --agent / --agents", () => {
  it("forks to another agent and model, or fans out from the execution", async () => {
    const cross = await run(["fork", A, "Try it", "--agent", "codex", "--model", "gpt-5.5"], () => ({
      id: B,
      status: "queued",
      agent: "codex",
      model: "gpt-5.5",
    }));
    expect(cross.sent).toEqual([{ method: "POST", path: `/api/executions/${A}/fork`, body: { prompt: "Try it", agent: "codex", model: "gpt-5.5" } }]);
    expect(cross.stdout).toBe(`Execution ${B} queued (codex · gpt-5.5)\n`);

    const fan = await run(["fork", A, "Try it", "--agents", "claude,codex", "--json"], () => ({ group: group(["queued", "queued"]), executions: [] }));
    expect(fan.sent[0]).toEqual({
      method: "POST",
      path: "/api/executions/fan-out",
      body: { fromExecutionId: A, prompt: "Try it", runs: [{ agent: "claude" }, { agent: "codex" }] },
    });
    expect(JSON.parse(fan.stdout)).toMatchObject({ group: { id: "GRP-2" } });
  });
});
