import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import type { RunnerDto } from "@/lib/runners/schema";
import { RunnersView } from "./runners-view";

// /runners: the table of runners, and Drain (confirmed first, then the state
// as the server answers it).

const NOW = new Date().toISOString();

function runner(overrides: Partial<RunnerDto> = {}): RunnerDto {
  return {
    id: "runner-a",
    hostname: "build-1",
    pid: 4242,
    alive: true,
    state: "active",
    installedAgents: ["claude", "codex"],
    concurrency: 4,
    running: 1,
    queued: 2,
    warmSessions: 3,
    prestarted: 2,
    sessionsHeld: 5,
    startedAt: NOW,
    heartbeatAt: NOW,
    stoppedAt: null,
    drainingAt: null,
    drainedAt: null,
    ...overrides,
  };
}

type Reply = { status: number; body: unknown };
let fetchMock: jest.Mock;

function renderWith(route: (url: string, init?: RequestInit) => Reply) {
  fetchMock = jest.fn(async (url: string, init?: RequestInit) => {
    const { status, body } = route(url, init);
    return { ok: status < 400, status, statusText: "", text: async () => JSON.stringify(body) };
  });
  global.fetch = fetchMock as unknown as typeof fetch;
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <RunnersView />
    </QueryClientProvider>,
  );
}

afterEach(() => jest.restoreAllMocks());

describe("RunnersView", () => {
  it("lists each runner with its host, state, agents, load, queue, warm sessions, pre-started agents and sessions held", async () => {
    renderWith(() => ({ status: 200, body: { items: [runner(), runner({ id: "runner-b", state: "offline", alive: false, concurrency: null, running: 0 })] } }));
    const table = await screen.findByRole("table", { name: "Runners" });
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows).toHaveLength(2);
    const cells = within(rows[0]!)
      .getAllByRole("cell")
      .map((cell) => cell.textContent);
    expect(cells.slice(0, 8)).toEqual(["runner-abuild-1 · pid 4242", "active", "claude, codex", "1 / 4", "2", "3", "2", "5"]);
    expect(within(rows[0]!).getByRole("button", { name: "Drain runner-a" })).toBeEnabled();
    // An offline runner takes no turns already: nothing to drain.
    expect(within(rows[1]!).getByText("offline")).toBeInTheDocument();
    expect(within(rows[1]!).queryByRole("button")).toBeNull();
    expect(screen.getByText(/stops it taking new turns/)).toBeInTheDocument();
  });

  it("drains after a confirmation and shows the runner draining", async () => {
    const confirm = jest.spyOn(window, "confirm").mockReturnValue(true);
    let drained = false;
    renderWith((_url, init) => {
      if (init?.method === "POST") {
        drained = true;
        return { status: 200, body: { runner: runner({ state: "draining", drainingAt: NOW }) } };
      }
      return { status: 200, body: { items: [drained ? runner({ state: "draining", drainingAt: NOW }) : runner()] } };
    });
    fireEvent.click(await screen.findByRole("button", { name: "Drain runner-a" }));
    expect(confirm).toHaveBeenCalledWith(expect.stringContaining("Drain runner-a on build-1?"));
    expect(await screen.findByText("draining…")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Drain runner-a" })).toBeNull();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === "POST");
    expect(String(post?.[0])).toContain("/api/runners/runner-a/drain");
  });

  it("does nothing when the confirmation is declined, and says why a drain was refused", async () => {
    const confirm = jest.spyOn(window, "confirm").mockReturnValue(false);
    renderWith((_url, init) =>
      init?.method === "POST"
        ? { status: 409, body: { error: { code: "conflict", message: "Runner runner-a is offline: it already takes no turns" } } }
        : { status: 200, body: { items: [runner()] } },
    );
    const button = await screen.findByRole("button", { name: "Drain runner-a" });
    fireEvent.click(button);
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === "POST")).toBe(false);
    confirm.mockReturnValue(true);
    fireEvent.click(button);
    await waitFor(() => expect(screen.getByText(/already takes no turns/)).toBeInTheDocument());
  });

  it("says when no runner has started", async () => {
    renderWith(() => ({ status: 200, body: { items: [] } }));
    expect(await screen.findByText(/No runner has started yet/)).toBeInTheDocument();
  });
});
