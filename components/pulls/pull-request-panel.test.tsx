import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ExecutionDto } from "@/lib/executions/schema";
import type { PullRequest } from "@/lib/pulls/schema";
import { makeExecution } from "@/test/support/execution-fixtures";

const mockPush = jest.fn();
jest.mock("next/navigation", () => ({ useRouter: () => ({ push: mockPush }) }));
// Required after the mock (the esbuild transform does not hoist jest.mock).
const { PullRequestPanel } = require("./pull-request-panel") as typeof import("./pull-request-panel");

// Push and pull request on the execution page: Push shows what it pushed, Open
// pull request (title from the issue) shows the PR read back, Continue with
// review opens the new turn; the server's messages are shown as they are.

const respond = (status: number, body: unknown) => ({ ok: status < 400, status, statusText: "", text: async () => JSON.stringify(body) });
const notFound = (message: string) => respond(404, { error: { code: "not_found", message } });

const worktree = { path: "/w", branch: "arbor/ISSUE-1/abc", state: "present" as const, startSha: "a".repeat(40), snapshotSha: "b".repeat(40), changes: null };

const makePr = (over: Partial<PullRequest> = {}): PullRequest => ({
  id: "pr1",
  projectId: "PROJ-1",
  executionId: null,
  branch: worktree.branch,
  baseBranch: "main",
  remote: "origin",
  provider: "github",
  repository: "acme/app",
  number: 12,
  url: "https://github.example/acme/app/pull/12",
  title: "Make the build green",
  state: "open",
  headSha: "b".repeat(40),
  ciStatus: "failure",
  checks: [{ name: "test", source: "check_run", status: "failure", conclusion: "failure", summary: "2 failing", url: null }],
  reviewComments: [{ path: "src/add.ts", line: 3, body: "Handle negative numbers", author: "reviewer", url: null, createdAt: null }],
  reviewCommentCount: 1,
  reviews: [],
  lastPolledAt: null,
  nextPollAt: null,
  lastError: null,
  createdAt: "2026-01-01T12:00:00.000Z",
  ...over,
});

type Route = (path: string, init?: RequestInit) => ReturnType<typeof respond> | undefined;
let fetchMock: jest.Mock;
function renderPanel(execution: ExecutionDto, route: Route) {
  fetchMock = jest.fn(async (url: string, init?: RequestInit) => {
    const path = url.split("?")[0];
    if (path === "/api/issues/ISSUE-1") return respond(200, { id: "ISSUE-1", title: "Make the build green" });
    return route(path, init) ?? notFound(path);
  });
  global.fetch = fetchMock as unknown as typeof fetch;
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <PullRequestPanel execution={execution} />
    </QueryClientProvider>,
  );
}
const posts = () =>
  fetchMock.mock.calls.filter(([, init]) => init?.method === "POST").map(([url, init]) => [url, init.body ? JSON.parse(init.body) : undefined]);

beforeEach(() => mockPush.mockReset());

test("no worktree snapshot (or a shared directory): no panel", () => {
  const a = renderPanel(makeExecution({ worktree: null }), () => undefined);
  expect(a.container).toBeEmptyDOMElement();
  a.unmount();
  const b = renderPanel(makeExecution({ worktree, sharedDirectory: true }), () => undefined);
  expect(b.container).toBeEmptyDOMElement();
});

test("Push shows the branch it pushed; a rejected push shows git's reason", async () => {
  const user = userEvent.setup();
  const execution = makeExecution({ worktree });
  let reject = true;
  renderPanel(execution, (path, init) => {
    if (init?.method === "POST" && path.endsWith("/push"))
      return reject
        ? respond(422, { error: { code: "push_rejected", message: "push rejected: non-fast-forward (fetch first)" } })
        : respond(200, { ...execution, pushed: { branch: worktree.branch, commit: "b".repeat(40), remote: "origin", at: "2026-01-01T12:00:00.000Z" } });
    return undefined;
  });
  await user.click(await screen.findByRole("button", { name: "Push" }));
  expect(await screen.findByRole("alert")).toHaveTextContent("non-fast-forward");
  reject = false;
  await user.click(screen.getByRole("button", { name: "Push" }));
  // The panel is given the execution by the page; here the mutation's answer lands in the cache only.
  await waitFor(() => expect(posts()).toHaveLength(2));
});

test("a pushed turn says where", () => {
  renderPanel(
    makeExecution({ worktree, pushed: { branch: worktree.branch, commit: "c".repeat(40), remote: "origin", at: "2026-01-01T12:00:00.000Z" } }),
    () => undefined,
  );
  expect(screen.getByTestId("pushed")).toHaveTextContent(`Pushed ${worktree.branch} at cccccccccc to origin`);
});

test("Open pull request: the title from the issue, then the PR read back with CI and review comments", async () => {
  const user = userEvent.setup();
  const execution = makeExecution({ worktree });
  let pr: PullRequest | null = null;
  renderPanel(execution, (path, init) => {
    if (path === `/api/executions/${execution.id}/pull-request`) {
      if (init?.method === "POST") {
        pr = makePr({ title: JSON.parse(String(init.body)).title });
        return respond(201, pr);
      }
      return pr
        ? respond(200, pr)
        : respond(409, { error: { code: "conflict", message: "This line of work has no pull request yet", details: { reason: "no_pull_request" } } });
    }
    return undefined;
  });
  const title = await screen.findByLabelText("Pull request title");
  await waitFor(() => expect(title).toHaveValue("Make the build green"));
  await user.type(screen.getByLabelText(/Pull request body/), "Fixes the build");
  await user.click(screen.getByRole("button", { name: "Open pull request" }));
  const shown = await screen.findByTestId("pull-request");
  expect(within(shown).getByRole("link", { name: "#12" })).toHaveAttribute("href", "https://github.example/acme/app/pull/12");
  expect(within(shown).getByText("open")).toBeInTheDocument();
  expect(within(shown).getByText("CI failing")).toBeInTheDocument();
  const comments = within(shown).getByRole("list", { name: "Review comments" });
  expect(comments).toHaveTextContent("src/add.ts:3");
  expect(comments).toHaveTextContent("reviewer");
  expect(comments).toHaveTextContent("Handle negative numbers");
  expect(posts()).toEqual([[`/api/executions/${execution.id}/pull-request`, { title: "Make the build green", body: "Fixes the build" }]]);
  // Its head is this turn's snapshot: nothing to push.
  expect(screen.queryByTestId("pr-behind")).not.toBeInTheDocument();
});

test("the forge's refusal (401) is shown as the server words it", async () => {
  const user = userEvent.setup();
  const execution = makeExecution({ worktree });
  renderPanel(execution, (path, init) =>
    init?.method === "POST" && path.endsWith("/pull-request")
      ? respond(401, { error: { code: "forge_unauthorized", message: "GitHub refused the token (401): set ARBOR_GITHUB_TOKEN" } })
      : undefined,
  );
  await user.click(await screen.findByRole("button", { name: "Open pull request" }));
  expect(await screen.findByRole("alert")).toHaveTextContent("GitHub refused the token (401): set ARBOR_GITHUB_TOKEN");
});

test("Continue with review sends withReview and opens the new turn; a clean PR offers none", async () => {
  const user = userEvent.setup();
  const execution = makeExecution({ worktree });
  const next = makeExecution({ status: "queued", parentExecutionId: execution.id });
  const view = renderPanel(execution, (path, init) => {
    if (init?.method === "POST" && path.endsWith("/continue")) return respond(201, next);
    if (path.endsWith("/pull-request")) return respond(200, makePr());
    return undefined;
  });
  await user.type(await screen.findByLabelText(/note to add after the review/), "only the first comment");
  await user.click(screen.getByRole("button", { name: "Continue with review" }));
  await waitFor(() => expect(mockPush).toHaveBeenCalledWith(`/executions/${next.id}`));
  expect(posts()).toEqual([[`/api/executions/${execution.id}/continue`, { withReview: true, prompt: "only the first comment" }]]);
  view.unmount();
  renderPanel(makeExecution({ worktree }), (path) =>
    path.endsWith("/pull-request") ? respond(200, makePr({ ciStatus: "success", checks: [], reviewComments: [], reviewCommentCount: 0 })) : undefined,
  );
  expect(await screen.findByText("CI passing")).toBeInTheDocument();
  expect(screen.queryByRole("button", { name: "Continue with review" })).not.toBeInTheDocument();
});

test("a later turn of the line, not pushed yet, is told the PR is at another commit", async () => {
  renderPanel(makeExecution({ worktree: { ...worktree, snapshotSha: "d".repeat(40) } }), (path) =>
    path.endsWith("/pull-request") ? respond(200, makePr()) : undefined,
  );
  expect(await screen.findByTestId("pr-behind")).toHaveTextContent(`The pull request is at ${"b".repeat(10)}, not this turn's snapshot: Push to update it.`);
});
