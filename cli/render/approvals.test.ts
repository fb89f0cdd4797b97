import { renderEntry } from "./entries";
import { renderDecided, renderPendingApproval } from "./approvals";
import { plain } from "./style";

const question = {
  id: "APR-4",
  kind: "question",
  summary: "Asks: Which color?",
  status: "pending",
  issueId: "ISSUE-2",
  issueTitle: "Paint it",
  agent: "claude",
  managedSessionId: "SESS-3",
  executionId: "3f2a9c1e-0000-4000-8000-000000000001",
  detail: {
    plan: null,
    questions: [
      {
        question: "Which color?",
        options: [
          { label: "Red", description: "warm" },
          { label: "Blue", description: null },
        ],
      },
    ],
  },
};

describe("approvals in the terminal", () => {
  it("prints a pending question with its options and what to type", () => {
    const lines = renderPendingApproval(question, plain);
    expect(lines[0]).toBe("⏸ APR-4 Asks: Which color?");
    expect(lines[1]).toContain("ISSUE-2 Paint it · claude · SESS-3 · execution 3f2a9c1e");
    expect(lines).toContain("   ? Which color?");
    expect(lines).toContain("     - Red — warm");
    expect(lines).toContain('   arbor approve APR-4 --answer "Which color?=Red"');
  });

  it("prints a command's decision hints and a decision", () => {
    const command = { id: "APR-5", kind: "tool", summary: "$ npm test" };
    expect(renderPendingApproval(command, plain)).toContain("   arbor approve APR-5 [--session | --project]");
    expect(renderDecided({ ...command, status: "allowed", scope: "session", decidedBy: "ada" }, plain)).toBe(
      "✓ APR-5 allowed (for this session) by ada: $ npm test",
    );
    expect(renderDecided({ ...command, status: "denied", message: "use python" }, plain)).toBe("✗ APR-5 denied: $ npm test — use python");
  });

  it("shows approvals in a streamed log, and nothing of a draft", () => {
    const requested = {
      type: "approval",
      phase: "requested",
      approvalId: "APR-6",
      kind: "plan",
      summary: "Plan: Add a cache",
      status: "pending",
      detail: { plan: "# Add a cache\n1. Measure", questions: [] },
    };
    expect(renderEntry(requested, plain)).toEqual([
      "⏸ waits for you APR-6: Plan: Add a cache",
      "  │ # Add a cache",
      "  │ 1. Measure",
      "  arbor approve APR-6",
      '  arbor deny APR-6 -m "what to change"',
    ]);
    expect(
      renderEntry(
        { type: "approval", phase: "decided", approvalId: null, kind: "tool", summary: "$ ls", status: "allowed", decidedBy: "rule Bash(ls)" },
        plain,
      ),
    ).toEqual(["· allowed by rule Bash(ls): $ ls"]);
    expect(renderEntry({ type: "text_draft", text: "Hel" }, plain)).toEqual([]);
  });
});
