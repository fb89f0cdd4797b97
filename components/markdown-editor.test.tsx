import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { MarkdownEditor } from "@/components/markdown-editor";

function Harness({ initial = "" }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <label htmlFor="body">Description</label>
      <MarkdownEditor id="body" value={value} onChange={setValue} />
    </>
  );
}

const respond = (body: unknown) => ({ ok: true, status: 200, statusText: "", text: async () => JSON.stringify(body) });
let fetchMock: jest.Mock;

function renderEditor(initial?: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <Harness initial={initial} />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  // The list APIs the completion asks: titles containing `q`, or the newest of a kind when an id is typed.
  fetchMock = jest.fn(async (url: string) => {
    const path = url.split("?")[0];
    const q = new URL(url, "http://x").searchParams.get("q")?.toLowerCase() ?? "";
    const lists: Record<string, { id: string; title: string }[]> = {
      "/api/specs": [
        { id: "SPEC-3", title: "Checkout flow" },
        { id: "SPEC-12", title: "Login" },
      ],
      "/api/issues": [{ id: "ISSUE-7", title: "Checkout button does nothing" }],
      "/api/sessions": [{ id: "SESS-1", title: "Sketch the checkout" }],
    };
    return respond({ items: (lists[path] ?? []).filter((i) => i.title.toLowerCase().includes(q)) });
  });
  global.fetch = fetchMock as unknown as typeof fetch;
});

describe("<MarkdownEditor>", () => {
  it("previews what was written, with keyboard-operable tabs", async () => {
    const user = userEvent.setup();
    renderEditor();
    await user.type(screen.getByLabelText("Description"), "## Plan");
    const write = screen.getByRole("tab", { name: "Write" });
    const preview = screen.getByRole("tab", { name: "Preview" });
    expect(write).toHaveAttribute("aria-selected", "true");

    await user.click(preview);
    expect(preview).toHaveAttribute("aria-selected", "true");
    expect(screen.getByRole("heading", { level: 2, name: "Plan" })).toBeInTheDocument();

    preview.focus();
    await user.keyboard("{ArrowLeft}");
    expect(write).toHaveAttribute("aria-selected", "true");
    expect(write).toHaveFocus();
    expect(screen.getByLabelText("Description")).toBeVisible();
  });

  it("[[ offers specs, issues and sessions by title; arrows and Enter insert the reference, the focus stays", async () => {
    const user = userEvent.setup();
    renderEditor();
    const box = screen.getByLabelText("Description");
    await user.type(box, "See [[[[checkout");
    const list = await screen.findByRole("listbox", { name: "References" });
    expect(
      within(list)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["SPEC-3Checkout flowSpec", "ISSUE-7Checkout button does nothingIssue", "SESS-1Sketch the checkoutSession"]);
    expect(box).toHaveAttribute("aria-controls", list.id);
    expect(box).toHaveAttribute("aria-activedescendant", within(list).getAllByRole("option")[0].id);
    await user.keyboard("{ArrowDown}");
    expect(within(list).getAllByRole("option")[1]).toHaveAttribute("aria-selected", "true");
    await user.keyboard("{Enter}");
    expect(box).toHaveValue("See [[ISSUE-7]]");
    expect(box).toHaveFocus();
    expect(screen.queryByRole("listbox")).toBeNull();
    // Typing goes on after the reference.
    await user.keyboard(" now");
    expect(box).toHaveValue("See [[ISSUE-7]] now");
  });

  it("an id being typed lists that kind by id; Esc closes the list and leaves the text", async () => {
    const user = userEvent.setup();
    renderEditor();
    const box = screen.getByLabelText("Description");
    await user.type(box, "[[[[spec-1");
    const list = await screen.findByRole("listbox", { name: "References" });
    await waitFor(() =>
      expect(
        within(list)
          .getAllByRole("option")
          .map((o) => o.textContent),
      ).toEqual(["SPEC-12LoginSpec"]),
    );
    expect(fetchMock.mock.calls.map(([url]) => url.split("?")[0])).toContain("/api/specs");
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("listbox")).toBeNull();
    expect(box).toHaveValue("[[spec-1");
  });

  it("a click on a suggestion inserts it", async () => {
    const user = userEvent.setup();
    renderEditor();
    await user.type(screen.getByLabelText("Description"), "[[[[Login");
    await user.click(await screen.findByRole("option", { name: /SPEC-12/ }));
    expect(screen.getByLabelText("Description")).toHaveValue("[[SPEC-12]]");
  });
});
