import "server-only";
import { conflict, ok, type Result } from "@/lib/result";
import { findLinePullRequest } from "./find-line-pull-request";
import { toPullRequestDto } from "./pull-request-dto";

// "Continue with review": the prompt that carries a pull request's review
// back to the session that wrote the code — every review comment (file,
// line, text, who), what the reviews themselves said, and the CI checks that
// failed with the end of their output. Read from the forge first, so it is
// what the reviewer sees now.

const COMMENT_MAX = 2_000;

/** The Continue prompt for the execution's line; a 409 when the line has no PR, or its PR has no comments and no failing CI. */
export async function reviewFollowUpPrompt(executionId: string): Promise<Result<string>> {
  const row = await findLinePullRequest(executionId, { refresh: "always" });
  if (!row.ok) return row;
  const pr = toPullRequestDto(row.value);
  const comments = pr.reviewComments;
  const reviews = pr.reviews.filter((r) => r.body.trim() && r.state !== "APPROVED");
  const failing = pr.checks.filter((c) => c.status === "failure");
  if (comments.length === 0 && reviews.length === 0 && failing.length === 0) {
    return conflict(`Pull request #${pr.number} has no review comments and no failing CI to carry back`, { reason: "nothing_to_carry" });
  }
  const parts: string[] = [
    `The pull request #${pr.number} for your changes (${pr.url}) was reviewed. Address what follows in this worktree, then summarise what you changed.`,
  ];
  if (comments.length > 0) {
    parts.push(
      "Review comments:",
      comments
        .map(
          (c) =>
            `- ${c.path}${c.line !== null ? `:${c.line}` : " (on a line that has changed since)"}${c.author ? ` (${c.author})` : ""}: ${cut(c.body.trim())}`,
        )
        .join("\n"),
    );
  }
  if (reviews.length > 0) {
    parts.push("Reviews:", reviews.map((r) => `- ${r.author ?? "a reviewer"} (${r.state.toLowerCase().replace(/_/g, " ")}): ${cut(r.body.trim())}`).join("\n"));
  }
  if (failing.length > 0) {
    parts.push(
      `Failing CI on ${pr.headSha?.slice(0, 12) ?? "the head commit"}:`,
      failing.map((c) => `- ${c.name} (${c.conclusion ?? "failed"})${c.summary ? `:\n${indent(c.summary)}` : ""}`).join("\n"),
    );
  }
  return ok(parts.join("\n\n"));
}

const cut = (text: string) => (text.length > COMMENT_MAX ? `${text.slice(0, COMMENT_MAX)}…` : text);
const indent = (text: string) =>
  text
    .split("\n")
    .map((line) => `    ${line}`)
    .join("\n");
