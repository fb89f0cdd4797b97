import { main } from "@/cli/main";
import { GET as insightsRoute } from "@/app/api/insights/route";
import { DELETE as unmarkRoute, PUT as markRoute } from "@/app/api/executions/[id]/outcome/route";
import { DELETE as unmarkSessionRoute, PUT as markSessionRoute } from "@/app/api/sessions/[id]/outcome/route";
import { prisma } from "@/server/db";
import { resetDb } from "@/test/support/db";
import { makeIssue } from "@/test/support/factories";
import { addExecution, addSession, resetSessionNumbers } from "@/test/integration/insights/support/history";

// `arbor stats`, `arbor mark` and `arbor unmark` against the real route
// handlers and database (the CLI's fetch is routed to the handlers in-process).

type Handler = (request: Request, context: { params: Promise<{ id: string }> }) => Promise<Response>;

async function routedFetch(input: string | URL | Request, init?: RequestInit): Promise<Response> {
  const request = new Request(input, init);
  const { pathname } = new URL(request.url);
  if (pathname === "/api/insights") return insightsRoute(request, undefined);
  const route = (handlers: Record<string, Handler>, id: string) => {
    const handler = handlers[request.method];
    return handler ? handler(request, { params: Promise.resolve({ id: decodeURIComponent(id) }) }) : new Response("no", { status: 405 });
  };
  const execution = /^\/api\/executions\/([^/]+)\/outcome$/.exec(pathname);
  if (execution) return route({ PUT: markRoute, DELETE: unmarkRoute }, execution[1]);
  const session = /^\/api\/sessions\/([^/]+)\/outcome$/.exec(pathname);
  if (session) return route({ PUT: markSessionRoute, DELETE: unmarkSessionRoute }, session[1]);
  return new Response("not found", { status: 404 });
}

async function arbor(...argv: string[]) {
  let stdout = "";
  let stderr = "";
  const code = await main(argv, {
    env: { NO_COLOR: "1", ARBOR_USER: "ada" },
    stdout: { write: (s: string) => (stdout += s) },
    stderr: { write: (s: string) => (stderr += s) },
    fetch: routedFetch as typeof fetch,
  });
  return { code, stdout, stderr };
}

let ids: Record<string, string>;
const recent = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

beforeAll(async () => {
  await resetDb();
  resetSessionNumbers();
  const issue = (await makeIssue({ title: "CLI stats" })).id;
  const other = (await makeIssue({ title: "Elsewhere" })).id;
  const a = await addExecution({ issueId: issue, at: recent(50), captureMs: 800, input: 1000, output: 100, cost: 0.5, turns: 3 });
  const f = await addExecution({ issueId: issue, at: recent(40), forkedFrom: a, captureMs: 1200, input: 2000, output: 200, cost: 1.5, turns: 4 });
  const bad = await addExecution({ issueId: issue, at: recent(30), status: "failed", errorCode: "agent_error", session: null });
  const run = await addExecution({ issueId: issue, at: recent(1), status: "running" });
  await addExecution({ issueId: other, at: recent(20) });
  const sess = await addSession(issue, [a]);
  ids = { issue, a, f, bad, run, sess };
});
afterAll(async () => {
  await prisma.$disconnect();
});

test("arbor mark / unmark: worked, failed, preferred, on executions and sessions", async () => {
  const worked = await arbor("mark", ids.a, "worked", "--note", "tests pass");
  expect(worked).toMatchObject({ code: 0, stderr: "" });
  expect(worked.stdout).toContain(`Execution ${ids.a}: marked worked ("tests pass")`);
  const mark = await prisma.executionMark.findUniqueOrThrow({ where: { executionId: ids.a } });
  expect(mark).toMatchObject({ verdict: "worked", note: "tests pass", via: "cli", markedBy: "ada" });

  const preferred = await arbor("mark", ids.f, "preferred");
  expect(preferred.code).toBe(0);
  expect(preferred.stdout).toContain(`at the branching point ${ids.a.slice(0, 8)}: preferred`);

  const failed = await arbor("mark", ids.bad, "failed", "--json");
  expect(JSON.parse(failed.stdout)).toMatchObject({ executionId: ids.bad, mark: { verdict: "failed" } });

  const session = await arbor("mark", ids.sess.toLowerCase(), "worked");
  expect(session.stdout).toContain(`Session ${ids.sess}: marked worked`);

  expect((await arbor("unmark", ids.f, "--preferred")).stdout).not.toContain("preferred");
  expect(await prisma.forkPreference.count()).toBe(0);
  const unmarked = await arbor("unmark", ids.sess);
  expect(unmarked.stdout).toContain(`Session ${ids.sess}: not marked`);
});

test("arbor mark refuses what cannot be marked, with the server's reason", async () => {
  const running = await arbor("mark", ids.run, "worked");
  expect(running.code).toBe(1);
  expect(running.stderr).toContain("is running: mark it once it has finished");
  const lone = await arbor("mark", ids.bad, "preferred");
  expect(lone.code).toBe(1);
  expect(lone.stderr).toContain("is not at a branching point");
  const usage = await arbor("mark", ids.a, "great");
  expect(usage.code).toBe(2);
  expect(usage.stderr).toContain('unknown mark "great": one of worked, failed, preferred');
  expect((await arbor("mark", ids.a, "worked", "--over", ids.f)).stderr).toContain("--over only goes with preferred");
  expect((await arbor("unmark", ids.sess, "--preferred")).code).toBe(2);
});

test("arbor stats prints the same figures as the page, as tables", async () => {
  await arbor("mark", ids.f, "preferred");
  const { code, stdout } = await arbor("stats", "--issue", ids.issue, "--since", "7d");
  expect(code).toBe(0);
  expect(stdout).toContain(`Insights · issue ${ids.issue}`);
  expect(stdout).toContain("4 executions: 3 finished, 2 completed, 1 still running");
  expect(stdout).toMatch(/Session id captured\s+67 %\s+2 of 3\s+≥ 95 %\s+✗ below/);
  expect(stdout).toMatch(/Time to session id p50 \/ p95\s+1\.0 s \/ 1\.2 s\s+2 timed of 3/);
  expect(stdout).toMatch(/Forks\s+25 %\s+1 of 4\s+≥ 10 %\s+✓ met/);
  expect(stdout).toMatch(/Fork chosen over original\s+100 %\s+1 of 1/);
  expect(stdout).toContain("2 judged: 1 worked, 1 didn't; 2 not judged");
  expect(stdout).toMatch(/By agent\n.*\nclaude\s+4\s+67 % \(2\/3\)\s+50 % \(1\/2\)\s+3,300\s+\$2\.00/);
  expect(stdout).toMatch(/Failure reasons\nagent_error\s+1\s+100 %/);

  const json = JSON.parse((await arbor("stats", "--issue", ids.issue, "--json")).stdout);
  expect(json.totals.executions).toBe(4);

  const empty = await arbor("stats", "--from", "2020-01-01", "--to", "2020-01-31");
  expect(empty.stdout).toContain("No executions in this range and filter yet");
  const unknown = await arbor("stats", "--issue", "ISSUE-999");
  expect(unknown).toMatchObject({ code: 1 });
  expect(unknown.stderr).toContain("Issue ISSUE-999 not found");
  const badSince = await arbor("stats", "--since", "forever");
  expect(badSince.stderr).toContain("since must look like 48h, 7d, 12w or all");
  expect((await arbor("stats", "ISSUE-1")).code).toBe(2);
});
