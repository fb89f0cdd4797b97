import { errorResponse, json, jsonError } from "@/server/http/responses";
import { readBodyText } from "@/server/http/validation";
import { apiRoute } from "@/server/http/api-route";
import { receiveGithubWebhook } from "@/server/pulls/github-webhook";

export const dynamic = "force-dynamic";

/**
 * POST /api/webhooks/github (GitHub's pull_request, review, comment, check and status events) → 202 { marked }.
 * Its credential is GitHub's X-Hub-Signature-256 over the body with ARBOR_GITHUB_WEBHOOK_SECRET: 401 when it does not
 * match, 403 when no secret is set. It only marks the PRs it names due for a refresh; the poller reads them back.
 */
export const POST = apiRoute(
  async (request: Request) => {
    const body = await readBodyText(request);
    if (!body.ok) return errorResponse(body.error);
    const received = await receiveGithubWebhook(body.value, request.headers.get("x-hub-signature-256"));
    if (!received.ok) return jsonError(received.error.status, received.error.status === 400 ? "bad_request" : "unauthorized", received.error.message);
    return json(received.value, 202);
  },
  { ownCredential: true },
);
