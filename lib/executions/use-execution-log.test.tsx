import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { REVEAL_EVENTS, TAIL_EVENTS } from "@/lib/executions/log-loader";
import { isGap } from "@/lib/executions/log-segments";
import { useExecutionLog } from "@/lib/executions/use-execution-log";
import { FakeEventSource } from "@/test/support/fake-event-source";

// The React side of the log: the loader (tested in lib/executions/log-loader.test.ts)
// wired to the JSON API, EventSource and the query cache.

const ID = "00000001-0000-4000-8000-000000000001";

function page(after: number, count: number) {
  const events = Array.from({ length: count }, (_, i) => ({
    seq: after + i + 1,
    stream: "stdout",
    kind: "text",
    createdAt: "2026-01-01T00:00:00.000Z",
    entries: [{ type: "text", text: `line ${after + i + 1}` }],
  }));
  return { events, nextAfter: events.at(-1)?.seq ?? after, after };
}

let fetchMock: jest.Mock;
let queryClient: QueryClient;
const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;

beforeEach(() => {
  FakeEventSource.install();
  queryClient = new QueryClient();
  fetchMock = jest.fn(async (url: string) => {
    const params = new URL(url, "http://x").searchParams;
    const total = 12_345;
    const after = params.has("tail") ? Math.max(0, total - Number(params.get("tail"))) : Number(params.get("after"));
    const limit = Number(params.get("limit"));
    const body = page(after, Math.max(0, Math.min(limit, total - after)));
    return { ok: true, status: 200, statusText: "", text: async () => JSON.stringify(body) };
  });
  global.fetch = fetchMock as unknown as typeof fetch;
});

describe("useExecutionLog", () => {
  it("through the API: loads the end of the log first, older pages only when asked, and follows live from the last seq", async () => {
    const { result } = renderHook(() => useExecutionLog(ID, { eventCount: 12_345, finished: false }), { wrapper });
    await waitFor(() => expect(result.current.history.loading).toBe(false));
    const calls = () =>
      fetchMock.mock.calls.map(([url]) => {
        const p = new URL(url, "http://x").searchParams;
        return p.has("tail") ? ["tail", Number(p.get("tail"))] : [Number(p.get("after")), Number(p.get("limit"))];
      });
    // The last 500 events, and nothing more until the reader wants it.
    expect(calls()).toEqual([["tail", TAIL_EVENTS]]);
    const seqs = () => result.current.rows.filter((r) => !isGap(r)).map((r) => r.seq);
    expect(seqs()).toHaveLength(TAIL_EVENTS);
    expect(result.current.covers(1)).toBe(false);
    act(() => result.current.reveal(1));
    await waitFor(() => expect(result.current.covers(1)).toBe(true));
    expect(calls().at(-1)).toEqual([0, REVEAL_EVENTS]);
    expect(seqs().slice(0, 3)).toEqual([1, 2, 3]);

    expect(FakeEventSource.instances).toHaveLength(1);
    const source = FakeEventSource.instances[0];
    expect(source.url).toBe(`/api/executions/${ID}/events?after=12345`);
    act(() => {
      source.emit("open", {});
      source.emit("entry", { seq: 12_345, entries: [{ type: "text", text: "dup" }] });
      source.emit("entry", { seq: 12_346, entries: [{ type: "assistant_text", text: "live!" }] });
    });
    await waitFor(() => expect(seqs().at(-1)).toBe(12_346));
    expect(result.current.connection).toBe("live");
    const last = result.current.rows.at(-1);
    expect(last && !isGap(last) ? last.entry : null).toEqual({ type: "assistant_text", text: "live!" });

    // Status events patch the cached execution.
    act(() => source.emit("status", { id: ID, issueId: "ISSUE-1", status: "completed" }));
    expect(queryClient.getQueryData(["executions", "detail", ID])).toMatchObject({ status: "completed" });
  });

  it("stops its stream on unmount and reloads from scratch on retry", async () => {
    const { result, unmount } = renderHook(() => useExecutionLog(ID, { eventCount: 12_345, finished: false }), { wrapper });
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    const calls = fetchMock.mock.calls.length;
    act(() => result.current.retry());
    expect(FakeEventSource.instances[0].readyState).toBe(2);
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(2));
    expect(fetchMock.mock.calls.length).toBeGreaterThan(calls);
    unmount();
    expect(FakeEventSource.instances[1].readyState).toBe(2);
  });

  it("does not open a stream for a finished execution", async () => {
    const { result } = renderHook(() => useExecutionLog(ID, { eventCount: 12_345, finished: true }), { wrapper });
    await waitFor(() => expect(result.current.history.loading).toBe(false));
    expect(FakeEventSource.instances).toHaveLength(0);
    expect(result.current.connection).toBe("ended");
  });

  it("goes straight to the stream when there is no history yet", async () => {
    fetchMock.mockImplementation(async () => ({
      ok: true,
      status: 200,
      statusText: "",
      text: async () => JSON.stringify({ events: [], nextAfter: 0, after: 0 }),
    }));
    const { result } = renderHook(() => useExecutionLog(ID, { finished: false }), { wrapper });
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    expect(FakeEventSource.instances[0].url).toBe(`/api/executions/${ID}/events?after=0`);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(result.current.history.loading).toBe(false);
  });
});
