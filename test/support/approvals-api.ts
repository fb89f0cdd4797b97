// The approvals API as tests drive it (real route handlers), and a stand-in
// script that makes the real Claude Code CLI call tools turn by turn.
import { GET as listRoute } from "@/app/api/approvals/route";
import { GET as getRoute, POST as decideRoute } from "@/app/api/approvals/[id]/route";
import type { Approval, ApprovalList } from "@/lib/approvals/schema";
import { send } from "@/test/support/api";
import type { MessagesApi, Reply, ToolCall } from "@/test/support/messages-api";
import { currentTurn } from "@/test/support/turn-script";
import { waitFor } from "@/test/support/wait";

export const approvalsApi = {
  list: (query = "status=pending") => send<ApprovalList>(listRoute, { path: `/api/approvals?${query}` }),
  get: (id: string) => send<Approval>(getRoute, { id, path: `/api/approvals/${id}` }),
  decide: (id: string, body: unknown) => send<Approval>(decideRoute, { id, body, path: `/api/approvals/${id}` }),
};

/** The pending approval of an execution, once its agent asked. */
export function waitForApproval(executionId: string, timeoutMs = 60_000): Promise<Approval> {
  return waitFor(
    async () => {
      const list = await approvalsApi.list(`status=pending&executionId=${executionId}`);
      return list.body.approvals[0];
    },
    `an approval of execution ${executionId}`,
    timeoutMs,
    25,
  );
}

/**
 * The turn's steps by its prompt: each step is a tool call the model makes
 * (in order, one per model request), then the model answers with what its
 * last tool returned ("Result: …"). A prompt no script names is echoed.
 */
export function scriptToolTurns(api: MessagesApi, turns: Record<string, ToolCall[]>): void {
  api.setScript((request): Reply => {
    const { prompt, results } = currentTurn(request);
    const steps = Object.entries(turns).find(([marker]) => prompt.includes(marker))?.[1];
    if (!steps) return { kind: "text", text: `Echo: ${prompt}` };
    if (results.length < steps.length) return { kind: "tool_use", calls: [steps[results.length]] };
    return { kind: "text", text: `Result: ${results[results.length - 1] ?? ""}` };
  });
}
