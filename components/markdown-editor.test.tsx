import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { MarkdownEditor } from "@/components/markdown-editor";

function Harness() {
  const [value, setValue] = useState("");
  return (
    <>
      <label htmlFor="body">Description</label>
      <MarkdownEditor id="body" value={value} onChange={setValue} />
    </>
  );
}

describe("<MarkdownEditor>", () => {
  it("previews what was written, with keyboard-operable tabs", async () => {
    const user = userEvent.setup();
    render(<Harness />);
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
});
