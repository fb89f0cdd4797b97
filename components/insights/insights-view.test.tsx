import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import type { InsightsDto } from "@/lib/insights/schema";
import { makeInsights } from "@/test/support/insights-fixtures";

const mockReplace = jest.fn();
let mockSearch = new URLSearchParams();
jest.mock("next/navigation", () => ({
  useRouter: () => ({ replace: mockReplace, push: jest.fn() }),
  usePathname: () => "/insights",
  useSearchParams: () => mockSearch,
}));
// Required after the mock (the esbuild transform does not hoist jest.mock).
const { InsightsView } = require("@/components/insights/insights-view") as typeof import("@/components/insights/insights-view");

function respond(status: number, body: unknown) {
  return { ok: status >= 200 && status < 300, status, statusText: "", text: async () => JSON.stringify(body) };
}

let fetchMock: jest.Mock;

function renderView() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <InsightsView />
    </QueryClientProvider>,
  );
}

beforeAll(() => {
  (globalThis as unknown as { ResizeObserver: unknown }).ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
});

beforeEach(() => {
  mockSearch = new URLSearchParams();
  mockReplace.mockReset();
  fetchMock = jest.fn();
  global.fetch = fetchMock as unknown as typeof fetch;
});

test("loading, then the seed's metrics with their counts, each linked to its executions", async () => {
  let resolve: (value: unknown) => void = () => {};
  fetchMock.mockReturnValue(new Promise((r) => (resolve = r)));
  renderView();
  expect(screen.getByRole("status")).toHaveTextContent("Computing insights…");
  resolve(respond(200, makeInsights()));
  const card = await screen.findByRole("article", { name: "Session id captured" });
  expect(within(card).getByText("75 %")).toBeInTheDocument();
  expect(within(card).getByRole("link", { name: "6" })).toHaveAttribute("href", "/executions?verdict=worked");
  expect(within(card).getByText("below")).toBeInTheDocument();
  const preference = screen.getByRole("article", { name: "Fork chosen over the original" });
  expect(preference).toHaveTextContent("nothing to measure yet: no branching points with a preferred line; 1 undecided");
  expect(within(preference).getByText("—")).toBeInTheDocument();
  expect(screen.getByRole("link", { name: "8 executions" })).toHaveAttribute("href", "/executions?to=2026-03-03T00%3A00%3A00.000Z");
  expect(screen.getByRole("table", { name: "Success by agent" })).toHaveTextContent("75 % (3/4)");
  expect(screen.getByText("not recorded")).toBeInTheDocument(); // cache reads: not a 0
  expect(fetchMock.mock.calls[0][0]).toBe("/api/insights");
});

test("how often turns consulted earlier sessions, and how they fared beside the others, each count opening its executions", async () => {
  fetchMock.mockResolvedValue(respond(200, makeInsights()));
  renderView();
  const panel = (await screen.findByRole("heading", { name: "Consulting earlier sessions" })).closest("section")!;
  const share = panel.querySelector("[data-slot=consultation-share]")!;
  expect(share).toHaveTextContent("38 % of executions consulted an earlier session: 3 of 8");
  const table = within(panel).getByRole("table", { name: "Success of turns that consulted earlier sessions and of those that did not" });
  const [, consulted, others] = within(table).getAllByRole("row");
  expect(consulted).toHaveTextContent("consulted a session3100 % (3/3)100 % (2/2)");
  expect(others).toHaveTextContent("did not575 % (3/4)50 % (1/2)");
  expect(within(consulted).getAllByRole("link")[0]).toHaveAttribute("href", "/executions?consultedSessions=yes");
  expect(within(others).getAllByRole("link")[0]).toHaveAttribute("href", "/executions?consultedSessions=no");
  expect(panel).toHaveTextContent("Few turns consulted a session yet");
});

test("an empty history explains itself instead of showing zeros", async () => {
  fetchMock.mockResolvedValue(respond(200, makeInsights({ empty: true, totals: { executions: 0, finished: 0, completed: 0, running: 0 } })));
  renderView();
  expect(await screen.findByText("No executions here yet")).toBeInTheDocument();
  expect(screen.getByText(/nothing to measure — not a 0 %/)).toBeInTheDocument();
  expect(screen.getByRole("link", { name: "Look at all time" })).toHaveAttribute("href", "/insights?since=all");
  expect(screen.queryByRole("article")).not.toBeInTheDocument();
});

test("a refused filter shows the server's reason and a way out", async () => {
  mockSearch = new URLSearchParams("issue=ISSUE-99");
  fetchMock.mockResolvedValue(respond(404, { error: { code: "not_found", message: "Issue ISSUE-99 not found" } }));
  renderView();
  const alert = await screen.findByRole("alert");
  expect(alert).toHaveTextContent("Could not compute these insightsIssue ISSUE-99 not found");
  expect(within(alert).getByRole("link", { name: "Show all executions instead" })).toHaveAttribute("href", "/insights");
  expect(fetchMock.mock.calls[0][0]).toBe("/api/insights?issue=ISSUE-99");
});

test("filters live in the address: a chip removes its filter", async () => {
  mockSearch = new URLSearchParams("issue=ISSUE-3&since=7d");
  const data: InsightsDto = makeInsights();
  data.scope.filters = { issue: "ISSUE-3" };
  fetchMock.mockResolvedValue(respond(200, data));
  renderView();
  const chips = await screen.findByRole("list", { name: "Filters" });
  within(chips).getByRole("button", { name: "Remove the issue filter" }).click();
  await waitFor(() => expect(mockReplace).toHaveBeenCalledWith("/insights?since=7d", { scroll: false }));
});
