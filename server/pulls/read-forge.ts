import "server-only";
import { ok, type Result } from "@/lib/result";
import type { CiCheck, ReviewComment, Review } from "@/lib/pulls/schema";
import { github } from "./github-api";

// Reads a pull request's state, CI and review from GitHub's REST API and
// reduces them to what Arbor keeps on the pull_requests row.

type GhPull = { number: number; html_url: string; title: string; state: string; merged?: boolean; merged_at?: string | null; head: { sha: string } };
type GhCheckRun = {
  name: string;
  status: string;
  conclusion: string | null;
  html_url?: string | null;
  details_url?: string | null;
  output?: { title?: string | null; summary?: string | null; text?: string | null };
};
type GhStatus = { state: string; statuses: { context: string; state: string; description: string | null; target_url: string | null }[] };
type GhComment = { path: string; line: number | null; body: string; user: { login: string } | null; html_url?: string; created_at?: string };
type GhReview = { state: string; body: string | null; user: { login: string } | null };

export type ForgeView = {
  state: "open" | "closed" | "merged";
  title: string;
  headSha: string;
  ciStatus: "pending" | "success" | "failure" | null;
  checks: CiCheck[];
  reviewComments: ReviewComment[];
  reviews: Review[];
};

const SUMMARY_MAX = 4_000;
const FAILING = new Set(["failure", "timed_out", "cancelled", "action_required", "startup_failure", "error"]);

export async function readForge(repository: string, number: number): Promise<Result<ForgeView>> {
  const base = `/repos/${repository}`;
  const pull = await github<GhPull>({ path: `${base}/pulls/${number}` });
  if (!pull.ok) return pull;
  const sha = pull.value.head.sha;
  const [runs, status, comments, reviews] = await Promise.all([
    github<{ check_runs: GhCheckRun[] }>({ path: `${base}/commits/${sha}/check-runs?per_page=100` }),
    github<GhStatus>({ path: `${base}/commits/${sha}/status?per_page=100` }),
    github<GhComment[]>({ path: `${base}/pulls/${number}/comments?per_page=100` }),
    github<GhReview[]>({ path: `${base}/pulls/${number}/reviews?per_page=100` }),
  ]);
  for (const r of [runs, status, comments, reviews]) if (!r.ok) return r;
  const checks = [...(runs.ok ? runs.value.check_runs : []).map(fromCheckRun), ...(status.ok ? status.value.statuses : []).map(fromStatus)];
  return ok({
    state: pull.value.merged || pull.value.merged_at ? "merged" : pull.value.state === "closed" ? "closed" : "open",
    title: pull.value.title,
    headSha: sha,
    ciStatus: overall(checks),
    checks,
    reviewComments: (comments.ok ? comments.value : []).map((c) => ({
      path: c.path,
      line: c.line ?? null,
      body: c.body,
      author: c.user?.login ?? null,
      url: c.html_url ?? null,
      createdAt: c.created_at ?? null,
    })),
    reviews: (reviews.ok ? reviews.value : []).map((r) => ({ state: r.state, body: r.body ?? "", author: r.user?.login ?? null })),
  });
}

function fromCheckRun(run: GhCheckRun): CiCheck {
  const status = run.status !== "completed" ? "pending" : run.conclusion && FAILING.has(run.conclusion) ? "failure" : "success";
  const text = [run.output?.title, run.output?.summary, run.output?.text].filter(Boolean).join("\n");
  return {
    name: run.name,
    source: "check_run",
    status,
    conclusion: run.conclusion ?? run.status,
    summary: text ? tail(text) : null,
    url: run.html_url ?? run.details_url ?? null,
  };
}

function fromStatus(s: GhStatus["statuses"][number]): CiCheck {
  const status = s.state === "pending" ? "pending" : s.state === "success" ? "success" : "failure";
  return { name: s.context, source: "status", status, conclusion: s.state, summary: s.description, url: s.target_url };
}

/** Any failure fails it; else anything pending keeps it pending; else success; nothing reported: null. */
function overall(checks: CiCheck[]): ForgeView["ciStatus"] {
  if (checks.length === 0) return null;
  if (checks.some((c) => c.status === "failure")) return "failure";
  if (checks.some((c) => c.status === "pending")) return "pending";
  return "success";
}

/** The end of a long output is where a failure usually is. */
const tail = (text: string) => (text.length > SUMMARY_MAX ? `…${text.slice(-SUMMARY_MAX)}` : text);
