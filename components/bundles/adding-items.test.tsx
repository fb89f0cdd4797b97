import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactElement } from "react";
import { AddToBundle } from "@/components/bundles/add-to-bundle";
import type { Bundle } from "@/lib/bundles/schema";

jest.mock("next/navigation", () => ({ useRouter: () => ({ push: jest.fn() }) }));
// Required after the mock (the esbuild transform does not hoist jest.mock).
const { BundleDetailView } = require("@/components/bundles/bundle-detail-view") as typeof import("@/components/bundles/bundle-detail-view");

// Adding items to a bundle: a bad id is refused by its name and drops nothing
// else; "Add to bundle" from an item's page, without typing its id.

const NOW = "2026-01-01T00:00:00.000Z";
const bundle = (id: string, name: string, items: string[] = []): Bundle => ({
  id,
  number: Number(id.split("-")[1]),
  name,
  description: "",
  itemCount: items.length,
  counts: { session: 0, spec: items.length, issue: 0, commit: 0 },
  createdAt: NOW,
  updatedAt: NOW,
  items: items.map((item, position) => ({ type: "spec", id: item, position, title: `Title of ${item}`, missing: false, status: null, href: `/specs/${item}` })),
});
const respond = (status: number, body: unknown) => ({ ok: status < 400, status, statusText: "", text: async () => JSON.stringify(body) });
const unknown = (ids: string[]) =>
  respond(422, {
    error: {
      code: "validation_failed",
      message: `items: Unknown reference${ids.length > 1 ? "s" : ""}: ${ids.join(", ")}`,
      details: { unknownReferences: ids },
    },
  });

let fetchMock: jest.Mock;
const posts = () => fetchMock.mock.calls.filter(([, init]) => init?.method === "POST").map(([url, init]) => [url, JSON.parse(init.body)]);
const renderIn = (ui: ReactElement) =>
  render(<QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>{ui}</QueryClientProvider>);

test("a bad id is refused with its name; the good ones are added and only the bad one stays in the box", async () => {
  const user = userEvent.setup();
  fetchMock = jest.fn(async (_url: string, init?: RequestInit) => {
    if (init?.method === "POST") {
      const items = JSON.parse(String(init.body)).items as string[];
      return items.includes("SPEC-99") ? unknown(["SPEC-99"]) : respond(200, bundle("BUNDLE-1", "Parser", items));
    }
    return respond(200, bundle("BUNDLE-1", "Parser"));
  });
  global.fetch = fetchMock as unknown as typeof fetch;
  renderIn(<BundleDetailView id="BUNDLE-1" />);
  await user.type(await screen.findByLabelText("Add by id"), "SPEC-1 SPEC-99 SPEC-2");
  await user.click(screen.getByRole("button", { name: "Add" }));
  await waitFor(() => expect(screen.getByText("SPEC-99 does not exist, so it was not added; the other 2 were.")).toBeInTheDocument());
  expect(screen.getByLabelText("Add by id")).toHaveValue("SPEC-99");
  expect(screen.getByLabelText("Add by id")).toHaveAttribute("aria-invalid", "true");
  expect(
    within(screen.getByRole("list", { name: "Bundle items" }))
      .getAllByRole("listitem")
      .map((li) => li.textContent),
  ).toEqual([expect.stringContaining("SPEC-1"), expect.stringContaining("SPEC-2")]);
  expect(posts()).toEqual([
    ["/api/bundles/BUNDLE-1/items", { items: ["SPEC-1", "SPEC-99", "SPEC-2"] }],
    ["/api/bundles/BUNDLE-1/items", { items: ["SPEC-1", "SPEC-2"] }],
  ]);
});

test("only bad ids: the server's answer names them and nothing is sent again", async () => {
  const user = userEvent.setup();
  fetchMock = jest.fn(async (_url: string, init?: RequestInit) =>
    init?.method === "POST" ? unknown(["SPEC-98", "SPEC-99"]) : respond(200, bundle("BUNDLE-1", "Parser")),
  );
  global.fetch = fetchMock as unknown as typeof fetch;
  renderIn(<BundleDetailView id="BUNDLE-1" />);
  await user.type(await screen.findByLabelText("Add by id"), "SPEC-98 SPEC-99");
  await user.click(screen.getByRole("button", { name: "Add" }));
  expect(await screen.findByText("items: Unknown references: SPEC-98, SPEC-99")).toBeInTheDocument();
  expect(screen.getByLabelText("Add by id")).toHaveValue("SPEC-98 SPEC-99");
  expect(posts()).toHaveLength(1);
});

test("Add to bundle from an item's page: into a chosen bundle, or a new one named after the item", async () => {
  const user = userEvent.setup();
  fetchMock = jest.fn(async (url: string, init?: RequestInit) => {
    if (url.startsWith("/api/bundles?")) return respond(200, { items: [bundle("BUNDLE-1", "Parser"), bundle("BUNDLE-2", "Auth")] });
    if (url === "/api/bundles" && init?.method === "POST") return respond(201, bundle("BUNDLE-3", JSON.parse(String(init.body)).name, ["SPEC-4"]));
    if (init?.method === "POST") return respond(200, bundle("BUNDLE-2", "Auth", ["SPEC-4"]));
    return respond(404, { error: { code: "not_found", message: url } });
  });
  global.fetch = fetchMock as unknown as typeof fetch;
  renderIn(<AddToBundle itemId="SPEC-4" title="Checkout flow" />);
  const open = screen.getByRole("button", { name: "Add to bundle" });
  // The bundles are asked for when the button is pointed at, not with the page.
  await new Promise((r) => setTimeout(r, 20));
  expect(fetchMock).not.toHaveBeenCalled();
  await user.hover(open);
  await waitFor(() => expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([expect.stringMatching(/^\/api\/bundles\?/)]));
  await user.click(open);
  expect(open).toHaveAttribute("aria-expanded", "true");
  const form = screen.getByRole("form", { name: "Add SPEC-4 to a bundle" });
  const select = within(form).getByLabelText("Bundle");
  await waitFor(() =>
    expect(
      within(select)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["BUNDLE-1 · Parser", "BUNDLE-2 · Auth", "New bundle…"]),
  );
  await user.selectOptions(select, "BUNDLE-2");
  await user.click(within(form).getByRole("button", { name: "Add" }));
  expect(await within(form).findByRole("status")).toHaveTextContent("SPEC-4 is in BUNDLE-2 (Auth).");
  expect(posts()).toEqual([["/api/bundles/BUNDLE-2/items", { items: ["SPEC-4"] }]]);

  await user.selectOptions(select, "New bundle…");
  expect(within(form).getByLabelText("Name of the new bundle")).toHaveAttribute("placeholder", "Checkout flow");
  await user.click(within(form).getByRole("button", { name: "Create and add" }));
  expect(await within(form).findByRole("status")).toHaveTextContent("SPEC-4 is in BUNDLE-3 (Checkout flow).");
  expect(posts()[1]).toEqual(["/api/bundles", { name: "Checkout flow", items: ["SPEC-4"] }]);

  await user.keyboard("{Escape}");
  expect(open).toHaveAttribute("aria-expanded", "false");
  expect(open).toHaveFocus();
});
