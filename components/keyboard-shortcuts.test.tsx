import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { KeyboardShortcuts, SEARCH_INPUT_ID } from "@/components/keyboard-shortcuts";

// `/` focuses the search box, `?` lists the shortcuts in a dialog that Esc closes; neither while typing.

function renderPage() {
  return render(
    <div>
      <input id={SEARCH_INPUT_ID} aria-label="Search Arbor" type="search" />
      <textarea aria-label="Prompt" />
      <button type="button">Elsewhere</button>
      <KeyboardShortcuts />
    </div>,
  );
}

test("/ puts the cursor in the search box, unless the person is typing in a field", async () => {
  const user = userEvent.setup();
  renderPage();
  await user.click(screen.getByRole("button", { name: "Elsewhere" }));
  await user.keyboard("/");
  expect(screen.getByRole("searchbox", { name: "Search Arbor" })).toHaveFocus();
  expect(screen.getByRole("searchbox", { name: "Search Arbor" })).toHaveValue("");

  await user.click(screen.getByRole("textbox", { name: "Prompt" }));
  await user.keyboard("a/b?");
  expect(screen.getByRole("textbox", { name: "Prompt" })).toHaveValue("a/b?");
  expect(screen.getByRole("textbox", { name: "Prompt" })).toHaveFocus();
  expect(screen.queryByRole("dialog")).toBeNull();
});

test("? lists the shortcuts in a dialog; Esc closes it and the focus goes back", async () => {
  const user = userEvent.setup();
  renderPage();
  const elsewhere = screen.getByRole("button", { name: "Elsewhere" });
  await user.click(elsewhere);
  await user.keyboard("?");
  const dialog = screen.getByRole("dialog", { name: "Keyboard shortcuts" });
  expect(dialog).toHaveAttribute("aria-modal", "true");
  expect(dialog).toHaveTextContent("Search");
  expect(dialog).toHaveTextContent("Show these shortcuts");
  expect(screen.getByRole("button", { name: "Close" })).toHaveFocus();
  // Tab stays inside.
  await user.tab();
  expect(dialog).toContainElement(document.activeElement as HTMLElement);
  await user.keyboard("{Escape}");
  expect(screen.queryByRole("dialog")).toBeNull();
  expect(elsewhere).toHaveFocus();
});

test("the header's ? button opens the same list, and Close shuts it", async () => {
  const user = userEvent.setup();
  renderPage();
  await user.click(screen.getByRole("button", { name: "Keyboard shortcuts" }));
  await user.click(screen.getByRole("button", { name: "Close" }));
  expect(screen.queryByRole("dialog")).toBeNull();
});
