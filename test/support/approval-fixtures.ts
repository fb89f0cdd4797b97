// Approvals for component tests.
import type { Approval } from "@/lib/approvals/schema";

let counter = 0;

export function makeApproval(overrides: Partial<Approval> = {}): Approval {
  counter += 1;
  return {
    id: `APR-${counter}`,
    number: counter,
    executionId: "00000001-0000-4000-8000-000000000001",
    issueId: "ISSUE-1",
    issueTitle: "Make the tests pass",
    projectId: null,
    agent: "claude",
    agentSessionId: "11111111-1111-4111-8111-111111111111",
    managedSessionId: "SESS-1",
    kind: "tool",
    toolName: "Bash",
    input: { command: "npm test" },
    summary: "$ npm test",
    detail: null,
    reason: "This command requires approval",
    suggestedRules: ["Bash(npm test)"],
    status: "pending",
    scope: null,
    rememberedRules: [],
    message: null,
    answers: null,
    decidedBy: null,
    requestedAt: "2026-11-27T10:00:00.000Z",
    decidedAt: null,
    ...overrides,
  };
}
