import type { Execution } from "@/server/generated/prisma/client";
import type { ExitClassification } from "@/server/runner/turn/classify-exit";
import { sendWebhook, type WebhookConfig } from "@/server/notifications/send-webhook";

/** The webhook's word on how a turn ended: finished (completed), or failed (failed, interrupted); a cancel is the person's own doing. */
export function announceEnding(
  ctx: { webhook: WebhookConfig | null; log: (line: string) => void },
  execution: Execution,
  ending: ExitClassification,
  refusedActions: number | null,
): void {
  if (!ctx.webhook || ending.status === "cancelled") return;
  sendWebhook(
    ctx.webhook,
    {
      type: ending.status === "completed" ? "execution.finished" : "execution.failed",
      execution: {
        id: execution.id,
        issueId: execution.issueId,
        agent: execution.agent,
        status: ending.status,
        error: ending.errorMessage ?? null,
        refusedActions,
      },
      path: `/executions/${execution.id}`,
    },
    ctx.log,
  );
}
