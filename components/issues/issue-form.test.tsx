import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render as renderPlain, screen } from "@testing-library/react";
import type { ReactElement } from "react";
import userEvent from "@testing-library/user-event";
import { IssueForm } from "@/components/issues/issue-form";
import { ApiError } from "@/lib/api-error";

// The description's `[[` completion asks the list APIs through react-query.
const render = (ui: ReactElement) => renderPlain(<QueryClientProvider client={new QueryClient()}>{ui}</QueryClientProvider>);

const specs = [
  { id: "SPEC-2", title: "Billing" },
  { id: "SPEC-1", title: "Auth" },
];

describe("<IssueForm>", () => {
  it("labels every field and validates the title", async () => {
    const user = userEvent.setup();
    const onSubmit = jest.fn();
    render(<IssueForm specs={specs} submitLabel="Create issue" onSubmit={onSubmit} />);
    for (const label of ["Title", "Status", "Priority", "Spec (optional)", "Description"]) {
      expect(screen.getByLabelText(label)).toBeInTheDocument();
    }
    await user.click(screen.getByRole("button", { name: "Create issue" }));
    expect(screen.getByLabelText("Title")).toHaveAccessibleDescription("Title is required");
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("preselects a spec and submits the chosen values", async () => {
    const user = userEvent.setup();
    const onSubmit = jest.fn().mockResolvedValue(undefined);
    render(<IssueForm specs={specs} initialValues={{ specId: "SPEC-1" }} submitLabel="Create issue" onSubmit={onSubmit} />);
    expect(screen.getByLabelText("Spec (optional)")).toHaveValue("SPEC-1");
    await user.type(screen.getByLabelText("Title"), "Add OAuth");
    await user.selectOptions(screen.getByLabelText("Priority"), "high");
    await user.click(screen.getByRole("button", { name: "Create issue" }));
    expect(onSubmit).toHaveBeenCalledWith({
      title: "Add OAuth",
      body: "",
      status: "open",
      priority: "high",
      specId: "SPEC-1",
    });
  });

  it("sends no spec when 'No spec' is chosen", async () => {
    const user = userEvent.setup();
    const onSubmit = jest.fn().mockResolvedValue(undefined);
    render(<IssueForm specs={specs} initialValues={{ specId: "SPEC-2" }} submitLabel="Create issue" onSubmit={onSubmit} />);
    await user.type(screen.getByLabelText("Title"), "x");
    await user.selectOptions(screen.getByLabelText("Spec (optional)"), "");
    await user.click(screen.getByRole("button", { name: "Create issue" }));
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ specId: null }));
  });

  it("shows an API error about the spec next to the spec picker", async () => {
    const user = userEvent.setup();
    const onSubmit = jest.fn().mockRejectedValue(
      new ApiError("specId: Spec SPEC-9 does not exist", 422, "validation_failed", {
        fieldErrors: { specId: ["Spec SPEC-9 does not exist"] },
      }),
    );
    render(<IssueForm specs={specs} initialValues={{ specId: "SPEC-9", title: "t" }} submitLabel="Create issue" onSubmit={onSubmit} />);
    await user.click(screen.getByRole("button", { name: "Create issue" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("specId: Spec SPEC-9 does not exist");
    expect(screen.getByLabelText("Spec (optional)")).toHaveAccessibleDescription("Spec SPEC-9 does not exist");
  });
});
