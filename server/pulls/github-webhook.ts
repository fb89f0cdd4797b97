import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import { err, ok, type Result } from "@/lib/result";
import { loadConfig } from "@/server/config/load-config";
import { prisma } from "@/server/db";

// POST /api/webhooks/github: GitHub says something happened to a pull
// request (a review, a comment, CI, a close or merge). Arbor checks GitHub's
// signature, then only marks the matching PRs due for a refresh now — the
// poller reads them back from the API, so nothing a webhook says is trusted
// beyond "look again".

export type WebhookRefusal = { status: 401 | 403 | 400; message: string };

export function verifySignature(secret: string, body: string, header: string | null): boolean {
  if (!header?.startsWith("sha256=")) return false;
  const expected = Buffer.from(`sha256=${createHmac("sha256", secret).update(body).digest("hex")}`);
  const given = Buffer.from(header);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

type Payload = {
  repository?: { full_name?: string };
  pull_request?: { number?: number; head?: { sha?: string } };
  check_run?: { head_sha?: string };
  check_suite?: { head_sha?: string };
  sha?: string;
};

/** Verifies the call and marks its PRs due; how many were marked. */
export async function receiveGithubWebhook(body: string, signature: string | null): Promise<Result<{ marked: number }, WebhookRefusal>> {
  const secret = loadConfig().github.webhookSecret;
  if (!secret)
    return err({ status: 403, message: "GitHub webhooks are off: set ARBOR_GITHUB_WEBHOOK_SECRET on the server (and the same secret on the webhook)" });
  if (!verifySignature(secret, body, signature))
    return err({ status: 401, message: "X-Hub-Signature-256 is missing or does not match ARBOR_GITHUB_WEBHOOK_SECRET" });
  let payload: Payload;
  try {
    payload = JSON.parse(body) as Payload;
  } catch {
    return err({ status: 400, message: "The webhook's body is not JSON (set the webhook's content type to application/json)" });
  }
  const repository = payload.repository?.full_name;
  if (!repository) return ok({ marked: 0 });
  const number = payload.pull_request?.number;
  const sha = payload.pull_request?.head?.sha ?? payload.check_run?.head_sha ?? payload.check_suite?.head_sha ?? payload.sha;
  const match = [...(typeof number === "number" ? [{ number }] : []), ...(sha ? [{ headSha: sha }] : [])];
  if (match.length === 0) return ok({ marked: 0 });
  const marked = await prisma.pullRequest.updateMany({
    where: { repository: { equals: repository, mode: "insensitive" }, OR: match },
    data: { nextPollAt: new Date() },
  });
  return ok({ marked: marked.count });
}
