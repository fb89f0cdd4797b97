import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, within } from "@testing-library/react";
import type { SearchGroup, SearchHit, SearchResponse } from "@/lib/search/schema";

// /search and the header's search box.

const mockPush = jest.fn();
jest.mock("next/navigation", () => ({
  useRouter: () => ({ push: mockPush }),
  usePathname: () => "/",
  useSearchParams: () => new URLSearchParams(),
}));
// Required after the mock (the esbuild transform does not hoist jest.mock).
const { SearchView, describeGroups } = require("./search-view") as typeof import("./search-view");
const { HeaderSearch } = require("./header-search") as typeof import("./header-search");

const NOW = new Date().toISOString();

function hit(overrides: Partial<SearchHit>): SearchHit {
  return {
    kind: "assistant",
    executionId: null,
    seq: null,
    issueId: null,
    specId: null,
    sessionId: null,
    snippet: "",
    highlights: [],
    href: "/",
    rank: 0.5,
    matchedAllTerms: true,
    createdAt: NOW,
    ...overrides,
  };
}

function group(overrides: Partial<SearchGroup>): SearchGroup {
  return {
    key: "x",
    kind: "session",
    sessionId: null,
    title: "",
    href: "/",
    issueId: null,
    issueTitle: null,
    specId: null,
    executionIds: [],
    hits: [],
    ...overrides,
  };
}

const response: SearchResponse = {
  query: "hello",
  hitCount: 3,
  tookMs: 4,
  groups: [
    group({
      key: "SPEC-3",
      kind: "spec",
      specId: "SPEC-3",
      title: "Greeting",
      href: "/specs/SPEC-3",
      hits: [
        hit({
          kind: "spec",
          specId: "SPEC-3",
          href: "/specs/SPEC-3",
          snippet: "Write hello.txt <img src=x onerror=alert(1)> now",
          highlights: [[6, 11]],
        }),
      ],
    }),
    group({
      key: "ISSUE-7",
      kind: "issue",
      issueId: "ISSUE-7",
      issueTitle: "Say hello",
      title: "Say hello",
      href: "/issues/ISSUE-7",
      hits: [hit({ kind: "issue", issueId: "ISSUE-7", href: "/issues/ISSUE-7", snippet: "Say hello", highlights: [[4, 9]], matchedAllTerms: false })],
    }),
    group({
      key: "SESS-2",
      kind: "session",
      sessionId: "SESS-2",
      title: "Greeter work",
      href: "/sessions/SESS-2",
      issueId: "ISSUE-7",
      issueTitle: "Say hello",
      executionIds: ["0000aaaa-0000-4000-8000-000000000001"],
      hits: [
        hit({
          kind: "file",
          executionId: "0000aaaa-0000-4000-8000-000000000001",
          seq: 4,
          sessionId: "SESS-2",
          issueId: "ISSUE-7",
          href: "/executions/0000aaaa-0000-4000-8000-000000000001#seq-4",
          snippet: "Write /w/hello.txt",
          highlights: [[9, 14]],
        }),
      ],
    }),
  ],
};

function renderSearch(initialQuery: string) {
  const fetchMock = jest.fn(async () => ({ ok: true, status: 200, statusText: "", text: async () => JSON.stringify(response) }));
  global.fetch = fetchMock as unknown as typeof fetch;
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <SearchView initialQuery={initialQuery} />
    </QueryClientProvider>,
  );
  return fetchMock;
}

describe("<SearchView>", () => {
  it("says how to write a query in words a person reads", () => {
    renderSearch("");
    const help = document.getElementById(screen.getByRole("searchbox").getAttribute("aria-describedby")!);
    expect(help).toHaveTextContent(
      'Results with every word come first. Use "two words" for a phrase, -word to leave a word out, and this or that for either. A file name finds its paths: login finds src/auth/login.ts.',
      { normalizeWhitespace: true },
    );
    expect([...help!.querySelectorAll("code")].map((c) => c.textContent)).toEqual(['"two words"', "-word", "this or that", "login", "src/auth/login.ts"]);
    expect(screen.getByText("Search specs, issues and what agents did")).toBeInTheDocument();
  });

  it("names and links specs and issues beside sessions, and marks the matches in plain text", async () => {
    const fetchMock = renderSearch("hello");
    const list = await screen.findByRole("list", { name: "Search results" });
    expect(String((fetchMock.mock.calls[0] as unknown[])[0])).toContain("/api/search?q=hello");
    expect(screen.getByRole("status")).toHaveTextContent("3 results in 1 spec, 1 issue and 1 session");

    const [spec, issue, session] = within(list)
      .getAllByRole("listitem")
      .filter((li) => li.parentElement === list);
    const specHeading = within(spec!).getByRole("heading");
    expect(specHeading).toHaveTextContent("SPEC-3Greeting");
    expect(within(specHeading).getByRole("link")).toHaveAttribute("href", "/specs/SPEC-3");
    expect(within(issue!).getByRole("heading")).toHaveTextContent("ISSUE-7Say hello");
    expect(within(issue!).getByRole("link", { name: /Say hello.*partial match/ })).toHaveAttribute("href", "/issues/ISSUE-7");
    expect(within(session!).getByRole("heading")).toHaveTextContent("Greeter work");
    expect(within(session!).getByRole("link", { name: "SESS-2" })).toHaveAttribute("href", "/sessions/SESS-2");

    // The snippet is text: its markup is shown, never run; only the matched words are marked.
    const specHit = within(spec!)
      .getAllByRole("link")
      .find((a) => a.getAttribute("href") === "/specs/SPEC-3" && a.textContent?.includes("Write"))!;
    expect(specHit).toHaveTextContent("Write hello.txt <img src=x onerror=alert(1)> now");
    expect(specHit.querySelector("img")).toBeNull();
    expect([...document.querySelectorAll("mark")].map((m) => m.textContent)).toEqual(["hello", "hello", "hello"]);
  });
});

describe("describeGroups", () => {
  it.each([
    [[], ""],
    [[group({ kind: "spec" })], "1 spec"],
    [[group({ kind: "session" }), group({ kind: "session" })], "2 sessions"],
    [[group({ kind: "execution" }), group({ kind: "issue" })], "1 issue and 1 run"],
    [[group({ kind: "spec" }), group({ kind: "spec" }), group({ kind: "issue" }), group({ kind: "session" })], "2 specs, 1 issue and 1 session"],
  ])("%#", (groups, text) => {
    expect(describeGroups(groups)).toBe(text);
  });
});

describe("<HeaderSearch>", () => {
  it("opens /search with the typed text on Enter", () => {
    mockPush.mockReset();
    render(<HeaderSearch />);
    const form = screen.getByRole("search", { name: "Search specs, issues and sessions" });
    fireEvent.change(within(form).getByRole("searchbox"), { target: { value: " hello.txt " } });
    fireEvent.submit(form);
    expect(mockPush).toHaveBeenCalledWith("/search?q=hello.txt");
  });
});
