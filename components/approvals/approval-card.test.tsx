import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { ApprovalCard } from "@/components/approvals/approval-card";
import { saveAttentionSettings } from "@/lib/approvals/person";
import { makeApproval } from "@/test/support/approval-fixtures";

function respond(status: number, body: unknown) {
  return { ok: status >= 200 && status < 300, status, statusText: "", text: async () => JSON.stringify(body) };
}

let fetchMock: jest.Mock;
let queryClient: QueryClient;

const renderCard = (ui: ReactNode) => render(<QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>);
const sent = () => JSON.parse(fetchMock.mock.calls[0][1].body as string);

beforeEach(() => {
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  fetchMock = jest.fn(async () => respond(200, makeApproval({ status: "allowed" })));
  global.fetch = fetchMock as unknown as typeof fetch;
  saveAttentionSettings({ name: "ada" });
});

describe("ApprovalCard", () => {
  it("shows the command as text and allows it for the session, under the person's name", async () => {
    const user = userEvent.setup();
    renderCard(<ApprovalCard approval={makeApproval({ summary: "$ echo <img src=x onerror=alert(1)>" })} />);
    expect(screen.getByRole("region", { name: "The agent asks to run this" })).toBeInTheDocument();
    expect(screen.getByText("$ echo <img src=x onerror=alert(1)>")).toBeInTheDocument();
    expect(document.querySelector("img")).toBeNull();
    await user.click(screen.getByRole("button", { name: "Allow for this session" }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(fetchMock.mock.calls[0][0]).toMatch(/\/api\/approvals\/APR-\d+$/);
    expect(sent()).toEqual({ decision: "allow", scope: "session", decidedBy: "ada" });
  });

  it("denies with a message the agent reads, by keyboard", async () => {
    const user = userEvent.setup();
    renderCard(<ApprovalCard approval={makeApproval()} />);
    screen.getByRole("button", { name: "Deny…" }).focus();
    await user.keyboard("{Enter}");
    await user.type(screen.getByLabelText(/Tell the agent why/), "Use the other test runner");
    await user.click(screen.getByRole("button", { name: "Deny" }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(sent()).toEqual({ decision: "deny", message: "Use the other test runner", decidedBy: "ada" });
  });

  it("answers a question with an option, or in the person's own words", async () => {
    const user = userEvent.setup();
    const detail = {
      plan: null,
      questions: [
        {
          question: "Which color?",
          header: "Color",
          multiSelect: false,
          options: [
            { label: "Red", description: "warm" },
            { label: "Blue", description: null },
          ],
        },
      ],
    };
    renderCard(<ApprovalCard approval={makeApproval({ kind: "question", toolName: "AskUserQuestion", summary: "Asks: Which color?", detail })} />);
    const send = screen.getByRole("button", { name: "Send the answer" });
    expect(send).toBeDisabled();
    await user.click(screen.getByRole("radio", { name: /Blue/ }));
    await user.click(send);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(sent()).toEqual({ decision: "allow", answers: { "Which color?": "Blue" }, decidedBy: "ada" });
    fetchMock.mockClear();
    await user.type(screen.getByLabelText("Your own answer to: Which color?"), "Green");
    await user.click(send);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(sent().answers).toEqual({ "Which color?": "Green" });
  });

  it("shows a plan as markdown and sends it back with what to change", async () => {
    const user = userEvent.setup();
    renderCard(
      <ApprovalCard
        approval={makeApproval({
          kind: "plan",
          toolName: "ExitPlanMode",
          summary: "Plan: Add a cache",
          detail: { plan: "# Add a cache\n\n1. Measure", questions: [] },
        })}
      />,
    );
    expect(screen.getByRole("heading", { name: "Add a cache" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Approve the plan" })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Send it back…" }));
    await user.type(screen.getByLabelText(/What should change/), "Measure first, then decide");
    await user.click(screen.getByRole("button", { name: "Send the plan back" }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(sent()).toEqual({ decision: "deny", message: "Measure first, then decide", decidedBy: "ada" });
  });

  it("says who was first when someone else decided it", async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValueOnce(respond(409, { error: { code: "conflict", message: "APR-9 was already allowed by bob" } }));
    renderCard(<ApprovalCard approval={makeApproval()} />);
    await user.click(screen.getByRole("button", { name: "Allow once" }));
    expect(await screen.findByText("APR-9 was already allowed by bob")).toBeInTheDocument();
  });

  it("shows a decided approval without its buttons", () => {
    renderCard(<ApprovalCard approval={makeApproval({ status: "allowed", scope: "project", decidedBy: "ada" })} />);
    expect(screen.queryByRole("button")).toBeNull();
    expect(screen.getByText("Allowed by ada (for this project)")).toBeInTheDocument();
  });
});
