import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { BundleItemList } from "@/components/bundles/bundle-item-list";
import type { BundleItem } from "@/lib/bundles/schema";

const item = (type: BundleItem["type"], id: string, extra: Partial<BundleItem> = {}): BundleItem => ({
  type,
  id,
  position: 0,
  title: type === "commit" ? null : `Title of ${id}`,
  missing: false,
  status: null,
  href: type === "commit" ? null : `/${type}s/${id}`,
  ...extra,
});

const ITEMS = [item("session", "SESS-1"), item("spec", "SPEC-2"), item("issue", "ISSUE-3", { status: "in_progress" }), item("commit", "0123abcdef4567")];

const order = () =>
  within(screen.getByRole("list", { name: "Bundle items" }))
    .getAllByRole("listitem")
    .map((li) => li.textContent!.match(/SESS-\d+|SPEC-\d+|ISSUE-\d+|0123abcdef45/)![0]);

describe("<BundleItemList>", () => {
  it("shows each item in order with its type, link, title and status; commits have no link", () => {
    render(<BundleItemList items={[...ITEMS, item("spec", "SPEC-9", { missing: true, title: null })]} onChange={() => {}} />);
    expect(order()).toEqual(["SESS-1", "SPEC-2", "ISSUE-3", "0123abcdef45", "SPEC-9"]);
    expect(screen.getByRole("link", { name: "SPEC-2" })).toHaveAttribute("href", "/specs/SPEC-2");
    expect(screen.getByText("Title of ISSUE-3")).toBeInTheDocument();
    expect(screen.getByText("in progress")).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: /0123/ })).not.toBeInTheDocument();
    expect(screen.getByText("no longer exists")).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "SPEC-9" })).not.toBeInTheDocument();
  });

  it("moves items with the keyboard, keeps focus on the moved item and announces where it went", async () => {
    const user = userEvent.setup();
    const onChange = jest.fn();
    render(<BundleItemList items={ITEMS} onChange={onChange} />);

    // The first item cannot go up, the last cannot go down.
    expect(screen.getByRole("button", { name: "Move SESS-1 up" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Move 0123abcdef4567 down" })).toBeDisabled();

    screen.getByRole("button", { name: "Move SPEC-2 down" }).focus();
    await user.keyboard("{Enter}");
    expect(order()).toEqual(["SESS-1", "ISSUE-3", "SPEC-2", "0123abcdef45"]);
    expect(onChange).toHaveBeenLastCalledWith([
      { type: "session", id: "SESS-1" },
      { type: "issue", id: "ISSUE-3" },
      { type: "spec", id: "SPEC-2" },
      { type: "commit", id: "0123abcdef4567" },
    ]);
    expect(screen.getByRole("button", { name: "Move SPEC-2 down" })).toHaveFocus();
    expect(screen.getByRole("status")).toHaveTextContent("Moved SPEC-2 to position 3 of 4");

    // Space works too; at the bottom the focus falls back to "up".
    await user.keyboard(" ");
    expect(order()).toEqual(["SESS-1", "ISSUE-3", "0123abcdef45", "SPEC-2"]);
    expect(screen.getByRole("button", { name: "Move SPEC-2 up" })).toHaveFocus();

    await user.keyboard("{Enter}{Enter}{Enter}");
    expect(order()).toEqual(["SPEC-2", "SESS-1", "ISSUE-3", "0123abcdef45"]);
    expect(screen.getByRole("button", { name: "Move SPEC-2 down" })).toHaveFocus();
    expect(onChange).toHaveBeenCalledTimes(5);
  });

  it("removes an item and moves the focus to the next item's Remove button", async () => {
    const user = userEvent.setup();
    const onChange = jest.fn();
    render(<BundleItemList items={ITEMS} onChange={onChange} />);
    await user.click(screen.getByRole("button", { name: "Remove SPEC-2" }));
    expect(order()).toEqual(["SESS-1", "ISSUE-3", "0123abcdef45"]);
    expect(onChange).toHaveBeenLastCalledWith([
      { type: "session", id: "SESS-1" },
      { type: "issue", id: "ISSUE-3" },
      { type: "commit", id: "0123abcdef4567" },
    ]);
    expect(screen.getByRole("button", { name: "Remove ISSUE-3" })).toHaveFocus();
    expect(screen.getByRole("status")).toHaveTextContent("Removed SPEC-2");
  });

  it("takes the parent's list when it changes (a saved answer or a failed save) and can be disabled", () => {
    const { rerender } = render(<BundleItemList items={ITEMS} onChange={() => {}} />);
    rerender(<BundleItemList items={[ITEMS[3], ITEMS[0]]} onChange={() => {}} disabled />);
    expect(order()).toEqual(["0123abcdef45", "SESS-1"]);
    for (const button of screen.getAllByRole("button")) expect(button).toBeDisabled();
    rerender(<BundleItemList items={[]} onChange={() => {}} />);
    expect(screen.getByText(/This bundle is empty/)).toBeInTheDocument();
  });
});
