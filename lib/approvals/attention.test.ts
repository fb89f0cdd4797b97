import { attentionOf } from "@/lib/approvals/attention";
import { makeExecution } from "@/test/support/execution-fixtures";

const waiting = { approvalId: "APR-1", kind: "tool" as const, summary: "$ npm test" };

describe("attentionOf", () => {
  it.each<[string, Parameters<typeof attentionOf>[0], Parameters<typeof makeExecution>[0], string | null]>([
    ["a new request for a decision", { status: "running", approvalId: null }, { status: "running", waitingFor: waiting }, "approval"],
    ["a request on a run this page never saw", undefined, { status: "running", waitingFor: waiting }, "approval"],
    ["the same request again", { status: "running", approvalId: "APR-1" }, { status: "running", waitingFor: waiting }, null],
    ["a run that finished", { status: "running", approvalId: null }, { status: "completed" }, "finished"],
    ["a run that failed", { status: "running", approvalId: null }, { status: "failed" }, "failed"],
    ["a run that was interrupted", { status: "queued", approvalId: null }, { status: "interrupted" }, "failed"],
    ["a cancel (the person's own doing)", { status: "running", approvalId: null }, { status: "cancelled" }, null],
    ["an old run's update", undefined, { status: "completed" }, null],
    ["a run that goes on", { status: "queued", approvalId: null }, { status: "running" }, null],
  ])("%s", (_, before, after, kind) => {
    expect(attentionOf(before, makeExecution(after))?.kind ?? null).toBe(kind);
  });
});
