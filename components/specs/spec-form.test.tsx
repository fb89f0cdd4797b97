import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render as renderPlain, screen } from "@testing-library/react";
import type { ReactElement } from "react";
import userEvent from "@testing-library/user-event";
import { SpecForm } from "@/components/specs/spec-form";
import { ApiError } from "@/lib/api-error";
import { defaultWorkspaceProject, makeProject } from "@/test/support/project-fixtures";

// The description's `[[` completion and the project picker ask the list APIs through react-query.
const render = (ui: ReactElement) =>
  renderPlain(<QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>{ui}</QueryClientProvider>);

const projects = { items: [makeProject()], defaultWorkspace: defaultWorkspaceProject() };
beforeEach(() => {
  global.fetch = jest.fn(async (url: string) => {
    const found = String(url).startsWith("/api/projects");
    return {
      ok: found,
      status: found ? 200 : 404,
      statusText: "",
      text: async () => JSON.stringify(found ? projects : { error: { code: "not_found", message: "no" } }),
    };
  }) as unknown as typeof fetch;
});

describe("<SpecForm>", () => {
  it("shows 'Title is required' next to the title and does not submit", async () => {
    const user = userEvent.setup();
    const onSubmit = jest.fn();
    render(<SpecForm submitLabel="Create spec" onSubmit={onSubmit} />);

    await user.click(screen.getByRole("button", { name: "Create spec" }));

    const title = screen.getByLabelText("Title");
    expect(title).toHaveAttribute("aria-invalid", "true");
    expect(title).toHaveAccessibleDescription("Title is required");
    expect(title).toHaveFocus();
    expect(onSubmit).not.toHaveBeenCalled();

    await user.type(title, "x");
    expect(screen.queryByText("Title is required")).not.toBeInTheDocument();
  });

  it("rejects titles over 200 characters", async () => {
    const user = userEvent.setup();
    const onSubmit = jest.fn();
    render(<SpecForm submitLabel="Create spec" onSubmit={onSubmit} />);
    await user.click(screen.getByLabelText("Title"));
    await user.paste("a".repeat(201));
    await user.click(screen.getByRole("button", { name: "Create spec" }));
    expect(screen.getByText("Title must be at most 200 characters")).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("submits trimmed values", async () => {
    const user = userEvent.setup();
    const onSubmit = jest.fn().mockResolvedValue(undefined);
    render(<SpecForm submitLabel="Create spec" onSubmit={onSubmit} />);
    await user.type(screen.getByLabelText("Title"), "  Runner  ");
    await user.type(screen.getByLabelText("Description"), "Body");
    await user.click(screen.getByRole("button", { name: "Create spec" }));
    expect(onSubmit).toHaveBeenCalledWith({ title: "Runner", body: "Body", projectId: null });
  });

  it("shows the API's message, and field errors next to the field", async () => {
    const user = userEvent.setup();
    const onSubmit = jest.fn().mockRejectedValue(
      new ApiError("title: Title is already taken", 422, "validation_failed", {
        fieldErrors: { title: ["Title is already taken"] },
      }),
    );
    render(<SpecForm submitLabel="Save" onSubmit={onSubmit} initialValues={{ title: "Dup", body: "", projectId: "" }} />);
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("title: Title is already taken");
    expect(screen.getByLabelText("Title")).toHaveAccessibleDescription("Title is already taken");
  });

  it("puts the spec in a project, preselected when opened from the project's page", async () => {
    const user = userEvent.setup();
    const onSubmit = jest.fn().mockResolvedValue(undefined);
    render(<SpecForm submitLabel="Create spec" onSubmit={onSubmit} initialValues={{ title: "", body: "", projectId: "PROJ-1" }} />);
    await screen.findByRole("option", { name: "PROJ-1 · Shop (git, main)" });
    expect(screen.getByLabelText("Project")).toHaveValue("PROJ-1");
    await user.type(screen.getByLabelText("Title"), "Checkout");
    await user.click(screen.getByRole("button", { name: "Create spec" }));
    expect(onSubmit).toHaveBeenLastCalledWith({ title: "Checkout", body: "", projectId: "PROJ-1" });
    await user.selectOptions(screen.getByLabelText("Project"), "");
    await user.click(screen.getByRole("button", { name: "Create spec" }));
    expect(onSubmit).toHaveBeenLastCalledWith({ title: "Checkout", body: "", projectId: null });
  });
});
