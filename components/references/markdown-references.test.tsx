import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { Markdown } from "@/components/markdown";
import type { ReferenceSummary } from "@/lib/references/schema";

// [[SESS-n]] / [[ISSUE-n]] / [[SPEC-n]] in markdown: links to known entities
// with a hover/focus card, visibly broken ones for unknown ids, nothing inside
// code, and sanitization intact.

const session: ReferenceSummary = {
  type: "session",
  id: "SESS-1",
  title: "Auth approach",
  status: "completed",
  lastActivityAt: new Date(Date.now() - 3 * 3600_000).toISOString(),
  href: "/sessions/SESS-1",
  mayHaveExpired: false,
};
const issue: ReferenceSummary = {
  type: "issue",
  id: "ISSUE-7",
  title: "Login is broken",
  status: "in_progress",
  lastActivityAt: new Date().toISOString(),
  href: "/issues/ISSUE-7",
};

function respond(body: unknown) {
  return { ok: true, status: 200, statusText: "", text: async () => JSON.stringify(body) };
}

let fetchMock: jest.Mock;
let queryClient: QueryClient;

beforeEach(() => {
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  fetchMock = jest.fn(async (url: string) => {
    const ids = new URL(url, "http://x").searchParams.get("ids")!.split(",");
    const known: Record<string, ReferenceSummary> = { "SESS-1": session, "ISSUE-7": issue };
    return respond({ items: Object.fromEntries(ids.map((id) => [id, known[id] ?? null])) });
  });
  global.fetch = fetchMock as unknown as typeof fetch;
});
afterEach(() => queryClient.clear());

const renderMarkdown = (text: string) =>
  render(
    <QueryClientProvider client={queryClient}>
      <Markdown>{text}</Markdown>
    </QueryClientProvider>,
  );

test("known references are links to their pages; unknown ones are struck through in red with an explanation", async () => {
  const { container } = renderMarkdown("See [[SESS-1]] and [[issue-7]]; also [[SESS-99]].\n\n`[[SPEC-5]]` stays code.");
  const sessionLink = screen.getByRole("link", { name: "SESS-1" });
  expect(sessionLink).toHaveAttribute("href", "/sessions/SESS-1");
  expect(screen.getByRole("link", { name: "ISSUE-7" })).toHaveAttribute("href", "/issues/ISSUE-7");

  // One request checks every reference in the text (not the one inside code).
  await waitFor(() => expect(container.querySelector('[data-broken-ref="SESS-99"]')).not.toBeNull());
  expect(fetchMock).toHaveBeenCalledTimes(1);
  expect(decodeURIComponent(fetchMock.mock.calls[0][0])).toBe("/api/references/resolve?ids=SESS-1,ISSUE-7,SESS-99");
  const broken = container.querySelector('[data-broken-ref="SESS-99"]')!;
  expect(broken.tagName).toBe("SPAN");
  expect(broken).toHaveClass("line-through");
  expect(broken).toHaveClass("text-red-700");
  expect(broken.getAttribute("title")).toBe("Broken reference: there is no session SESS-99 (it was never created, or the id is mistyped)");
  expect(broken).toHaveTextContent("SESS-99 (broken reference: no such session)");
  expect(screen.queryByRole("link", { name: /SESS-99/ })).toBeNull();
  expect(container.querySelector("code")).toHaveTextContent("[[SPEC-5]]");
  expect(screen.queryByRole("link", { name: "SPEC-5" })).toBeNull();
});

test("hovering or focusing a reference shows its card (title, status, last activity) without another request", async () => {
  renderMarkdown("Based on [[SESS-1]].");
  const link = screen.getByRole("link", { name: "SESS-1" });
  await waitFor(() => expect(queryClient.getQueryData(["references", "summary", "SESS-1"])).toEqual(session));
  fetchMock.mockClear();

  fireEvent.mouseEnter(link);
  const card = await screen.findByRole("tooltip");
  expect(card).toHaveTextContent("Session SESS-1");
  expect(card).toHaveTextContent("Auth approach");
  expect(card).toHaveTextContent("Completed");
  expect(card).toHaveTextContent("Last activity 3 hours ago");
  expect(link).toHaveAttribute("aria-describedby", card.id);
  expect(fetchMock).not.toHaveBeenCalled();
  fireEvent.mouseLeave(link);
  expect(screen.queryByRole("tooltip")).toBeNull();

  fireEvent.focus(link);
  expect(await screen.findByRole("tooltip")).toHaveTextContent("Auth approach");
  fireEvent.keyDown(link, { key: "Escape" });
  expect(screen.queryByRole("tooltip")).toBeNull();
});

test("a card opened before the text's check finishes fetches its own summary", async () => {
  let release: () => void = () => {};
  fetchMock.mockImplementationOnce(() => new Promise((resolve) => (release = () => resolve(respond({ items: { "ISSUE-7": issue } })))));
  renderMarkdown("[[ISSUE-7]]");
  fireEvent.focus(screen.getByRole("link", { name: "ISSUE-7" }));
  expect(await screen.findByRole("tooltip")).toHaveTextContent(/Loading ISSUE-7|Login is broken/);
  release();
  expect(await screen.findByText("Login is broken")).toBeInTheDocument();
  expect(screen.getByRole("tooltip")).toHaveTextContent("In progress");
});

test("references keep sanitization: no script, no unsafe attributes, and markers only on real references", () => {
  const { container } = renderMarkdown(
    '[[SESS-1]] <a data-arbor-ref="SESS-1" href="javascript:alert(1)">x</a> [evil](javascript:alert(1)) [[SESS-1]]<script>alert(1)</script> [inside [[SESS-1]] link](https://example.com)',
  );
  expect(container.querySelector("script")).toBeNull();
  const hrefs = Array.from(container.querySelectorAll("a")).map((a) => a.getAttribute("href") ?? "");
  for (const href of hrefs) expect(href.toLowerCase()).not.toMatch(/^javascript:/);
  // Only the plugin's links become reference links; a reference inside a link stays text.
  expect(screen.getAllByRole("link", { name: "SESS-1" })).toHaveLength(2);
  expect(screen.getByRole("link", { name: "inside [[SESS-1]] link" })).toHaveAttribute("href", "https://example.com");
});

test("without a query client references are still plain links", () => {
  render(<Markdown>{"See [[SPEC-3]]"}</Markdown>);
  expect(screen.getByRole("link", { name: "SPEC-3" })).toHaveAttribute("href", "/specs/SPEC-3");
});
