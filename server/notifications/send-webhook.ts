import "server-only";
import { createHmac } from "node:crypto";

// The optional webhook (ARBOR_NOTIFY_URL) a person routes to chat: a JSON POST
// when a run needs a decision, finishes or fails. Signed when a secret is set
// (X-Arbor-Signature: sha256=<HMAC-SHA256 of the body, hex>), so the receiver
// can tell Arbor's calls from anyone's. Fire and forget: a slow or broken
// receiver never holds up a run; failures are logged, never thrown.

export type WebhookEvent =
  | {
      type: "approval.requested";
      approval: { id: string; kind: string; tool: string; summary: string };
      execution: { id: string; issueId: string; agent: string };
      /** Where a person decides it, relative to Arbor's address. */
      path: string;
    }
  | {
      type: "execution.finished" | "execution.failed";
      execution: { id: string; issueId: string; agent: string; status: string; error: string | null; refusedActions: number | null };
      path: string;
    };

export type WebhookConfig = { url: string; secret: string | null };

const TIMEOUT_MS = 5_000;

export function sendWebhook(config: WebhookConfig | null, event: WebhookEvent, log: (line: string) => void = () => {}): void {
  if (!config) return;
  const body = JSON.stringify({ ...event, sentAt: new Date().toISOString() });
  const headers: Record<string, string> = { "content-type": "application/json", "user-agent": "arbor-webhook" };
  if (config.secret) headers["x-arbor-signature"] = `sha256=${createHmac("sha256", config.secret).update(body).digest("hex")}`;
  void fetch(config.url, { method: "POST", headers, body, signal: AbortSignal.timeout(TIMEOUT_MS) })
    .then((response) => {
      if (!response.ok) log(`webhook ${event.type}: the receiver answered ${response.status}`);
    })
    .catch((error: Error) => log(`webhook ${event.type}: ${error.name === "TimeoutError" ? `no answer within ${TIMEOUT_MS / 1000} s` : error.message}`));
}
