import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ConsultedLine, McpCallsPanel } from "@/components/execution/execution-mcp-activity";
import type { ExecutionMcpActivity, McpCall } from "@/lib/mcp/schema";

// What a run did through Arbor's MCP server, on its page: "Consulted SESS-3,
// ISSUE-9" (links) under the title, and every call folded under "Arbor calls"
// with its arguments in one line, the size of its answer and its errors.

const ID = "3f2a9c1e-77b0-4c1d-8e2f-0a1b2c3d4e5f";
const at = new Date(Date.now() - 60_000).toISOString();

function call(over: Partial<McpCall>): McpCall {
  return { id: "1", tool: "search_sessions", arguments: {}, resultChars: 0, isError: false, consulted: [], durationMs: 12, createdAt: at, ...over };
}

const respond = (status: number, body: unknown) => ({ ok: status < 400, status, statusText: "", text: async () => JSON.stringify(body) });

function renderActivity(activity: ExecutionMcpActivity | { status: number; body: unknown }) {
  global.fetch = jest.fn(async (url: string) => {
    if (url.startsWith(`/api/executions/${ID}/mcp-calls`)) return "status" in activity ? respond(activity.status, activity.body) : respond(200, activity);
    if (url.startsWith("/api/references/resolve")) {
      const ids = new URL(url, "http://x").searchParams.get("ids")!.split(",");
      // SESS-99 was never created: the link says so.
      return respond(200, {
        items: Object.fromEntries(
          ids.map((id) => [id, id === "SESS-99" ? null : { type: "session", id, title: id, status: null, lastActivityAt: at, href: "/" }]),
        ),
      });
    }
    return respond(404, { error: { code: "not_found", message: url } });
  }) as unknown as typeof fetch;
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <ConsultedLine executionId={ID} />
      <McpCallsPanel executionId={ID} />
    </QueryClientProvider>,
  );
}

const busy: ExecutionMcpActivity = {
  executionId: ID,
  consulted: ["SESS-3", "ISSUE-9"],
  callCount: 4,
  calls: [
    call({ id: "1", tool: "search_sessions", arguments: { query: "token   expiry\nat midnight", limit: 5 }, resultChars: 1840 }),
    call({ id: "2", tool: "get_session", arguments: { ref: "SESS-3" }, resultChars: 12_400, consulted: ["SESS-3"], durationMs: 1500 }),
    call({ id: "3", tool: "get_issue", arguments: { ref: "ISSUE-404" }, resultChars: 21, isError: true }),
  ],
  raisedIssues: [{ id: "ISSUE-12", title: "Clock skew in tests", status: "open", createdAt: at }],
  citations: [{ sourceId: "ISSUE-1", targetId: "SESS-3", note: "same expiry bug", createdAt: at }],
};

test("the header says what the run consulted, raised and cited, each a link", async () => {
  renderActivity(busy);
  const line = await screen.findByLabelText("What this run read and recorded in Arbor");
  expect(line).toHaveTextContent("Consulted SESS-3, ISSUE-9 · raised ISSUE-12 · cited SESS-3");
  const consulted = line.querySelector("[data-slot=consulted]") as HTMLElement;
  expect(within(consulted).getByRole("link", { name: "SESS-3" })).toHaveAttribute("href", "/sessions/SESS-3");
  expect(within(consulted).getByRole("link", { name: "ISSUE-9" })).toHaveAttribute("href", "/issues/ISSUE-9");
  expect(within(line.querySelector("[data-slot=raised]") as HTMLElement).getByRole("link", { name: "ISSUE-12" })).toHaveAttribute("href", "/issues/ISSUE-12");
});

test("its calls are folded under Arbor calls: tool, arguments in one line, answer size, what each read, and errors", async () => {
  const user = userEvent.setup();
  renderActivity(busy);
  const summary = await screen.findByText("Arbor calls");
  expect(summary.closest("summary")).toHaveTextContent("4 calls to Arbor's MCP server, 1 failed");
  const table = screen.getByRole("table", { name: "Calls to Arbor's MCP server" });
  expect(table).not.toBeVisible();
  await user.click(summary);
  expect(table).toBeVisible();
  const [, search, get, failed] = within(table).getAllByRole("row");
  expect(search).toHaveTextContent("search_sessions");
  expect(search).toHaveTextContent("query “token expiry at midnight”, limit 5");
  expect(search).toHaveTextContent("1,840 characters");
  expect(get).toHaveTextContent("12.4k characters · 1.5 s");
  expect(within(get).getByRole("link", { name: "SESS-3" })).toHaveAttribute("href", "/sessions/SESS-3");
  expect(failed).toHaveAttribute("data-error", "true");
  expect(failed).toHaveTextContent("error: 21 characters");
  expect(screen.getByText("and 1 later call not listed")).toBeInTheDocument();

  const raised = screen.getByRole("region", { name: "Issues it raised" });
  expect(within(raised).getByRole("link", { name: "ISSUE-12" })).toHaveAttribute("href", "/issues/ISSUE-12");
  expect(raised).toHaveTextContent("Clock skew in tests (open)");
  expect(screen.getByRole("region", { name: "Refs it cited" })).toHaveTextContent("ISSUE-1 cites SESS-3 — same expiry bug");
});

test("a consulted session that no longer exists is shown as a broken reference", async () => {
  renderActivity({ ...busy, consulted: ["SESS-99"], raisedIssues: [], citations: [] });
  const line = await screen.findByLabelText("What this run read and recorded in Arbor");
  expect(await within(line).findByText("SESS-99", { selector: "[data-broken-ref]" })).toBeInTheDocument();
});

test("a run that never called Arbor shows neither piece", async () => {
  const { container } = renderActivity({ executionId: ID, consulted: [], calls: [], callCount: 0, raisedIssues: [], citations: [] });
  // Nothing to wait for on the page: let the answer arrive, then look.
  await act(() => new Promise((r) => setTimeout(r, 50)));
  expect(global.fetch).toHaveBeenCalledWith(expect.stringContaining(`/api/executions/${ID}/mcp-calls`), expect.anything());
  expect(container).toBeEmptyDOMElement();
});

test("a failed load says so in the panel", async () => {
  renderActivity({ status: 500, body: { error: { code: "internal", message: "database unavailable" } } });
  expect(await screen.findByRole("alert")).toHaveTextContent("Could not load this run's calls to Arbor");
});
