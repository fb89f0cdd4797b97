import type { ExecutionDto } from "@/lib/executions/execution-schema";
import { buildSessionTree } from "./build-session-tree";

let clock = 0;
function exec(id: string, over: Partial<ExecutionDto> = {}): ExecutionDto {
  clock += 1;
  return {
    id,
    issueId: "ISSUE-1",
    agent: "claude",
    prompt: id,
    cwd: "/w",
    status: "completed",
    sessionId: "s1",
    sessionConfirmed: true,
    parentExecutionId: null,
    forkedFromExecutionId: null,
    forkSessionId: null,
    resumeAtMessageId: null,
    restartedFromExecutionId: null,
    runnerId: "r",
    error: null,
    usage: null,
    eventCount: 0,
    waitingForExecutionId: null,
    createdAt: new Date(2026, 0, 1, 0, 0, clock).toISOString(),
    startedAt: new Date(2026, 0, 1, 0, 0, clock).toISOString(),
    finishedAt: null,
    ...over,
  } as ExecutionDto;
}

describe("buildSessionTree", () => {
  it("hangs continues under their parent and forks under their source, oldest first, whatever the input order", () => {
    const a = exec("a");
    const b = exec("b", { parentExecutionId: "a" });
    const f = exec("f", { forkedFromExecutionId: "a", sessionId: "s2", forkSessionId: "s1" });
    const [root] = buildSessionTree([f, b, a]);
    expect(root.id).toBe("a");
    expect(root.edge).toBe("root");
    expect(root.children.map((c) => [c.id, c.edge])).toEqual([
      ["b", "continue"],
      ["f", "fork"],
    ]);
  });

  it("hangs a restart under the execution it re-ran (edge restarted), where the chain goes on", () => {
    const a = exec("a");
    const failed = exec("x", { parentExecutionId: "a", sessionId: null, status: "failed", error: { code: "session_not_found", message: "gone" } });
    const retry = exec("r", { restartedFromExecutionId: "x", sessionId: "s3" });
    const next = exec("n", { parentExecutionId: "r", sessionId: "s3" });
    const [root] = buildSessionTree([next, retry, failed, a]);
    expect(root.children.map((c) => [c.id, c.edge])).toEqual([["x", "continue"]]);
    expect(root.children[0].children.map((c) => [c.id, c.edge])).toEqual([["r", "restarted"]]);
    expect(root.children[0].children[0].children.map((c) => [c.id, c.edge, c.isHead])).toEqual([["n", "continue", true]]);
    // The rejected attempt never advanced the session: the turn before it stays its session's head.
    expect(root.isHead).toBe(true);
  });

  it("marks heads: the last turn of each chain", () => {
    const a = exec("a");
    const b = exec("b", { parentExecutionId: "a" });
    const f = exec("f", { forkedFromExecutionId: "a", sessionId: "s2" });
    const [root] = buildSessionTree([a, b, f]);
    expect(root.isHead).toBe(false);
    expect(root.children.find((c) => c.id === "b")!.isHead).toBe(true);
    expect(root.children.find((c) => c.id === "f")!.isHead).toBe(true);
  });

  it("does not let a continuation that never ran take the head away", () => {
    const a = exec("a");
    const cancelled = exec("c", { parentExecutionId: "a", status: "cancelled", startedAt: null });
    const gone = exec("g", { parentExecutionId: "a", status: "failed", error: { code: "session_not_found", message: "gone" } });
    const [root] = buildSessionTree([a, cancelled, gone]);
    expect(root.isHead).toBe(true);
    // Nor is the rejected turn itself a head: it never was a turn of the session.
    expect(root.children.find((c) => c.id === "g")!.isHead).toBe(false);
  });

  it("shows an execution whose parent is missing as a root", () => {
    const orphan = exec("o", { parentExecutionId: "deleted" });
    expect(buildSessionTree([orphan]).map((n) => n.id)).toEqual(["o"]);
  });

  it("handles a 10,000-turn chain without recursion", () => {
    const chain = [exec("n0")];
    for (let i = 1; i < 10_000; i++) chain.push(exec(`n${i}`, { parentExecutionId: `n${i - 1}` }));
    const roots = buildSessionTree(chain);
    expect(roots).toHaveLength(1);
  });
});
