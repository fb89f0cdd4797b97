import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render as renderPlain, screen } from "@testing-library/react";
import type { ReactElement } from "react";
import userEvent from "@testing-library/user-event";
import { IssueForm } from "@/components/issues/issue-form";
import { ApiError } from "@/lib/api-error";
import { defaultWorkspaceProject, makeProject } from "@/test/support/project-fixtures";

// The description's `[[` completion and the project picker ask the list APIs through react-query.
const render = (ui: ReactElement) =>
  renderPlain(<QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>{ui}</QueryClientProvider>);

const projects = {
  items: [makeProject(), makeProject({ id: "PROJ-2", name: "Notes", isGitRepo: false, baseBranch: null })],
  defaultWorkspace: defaultWorkspaceProject(),
};
beforeEach(() => {
  global.fetch = jest.fn(async (url: string) => {
    const body = String(url).startsWith("/api/projects") ? projects : { error: { code: "not_found", message: "not here" } };
    return {
      ok: String(url).startsWith("/api/projects"),
      status: String(url).startsWith("/api/projects") ? 200 : 404,
      statusText: "",
      text: async () => JSON.stringify(body),
    };
  }) as unknown as typeof fetch;
});

const specs = [
  { id: "SPEC-2", title: "Billing" },
  { id: "SPEC-1", title: "Auth" },
];

describe("<IssueForm>", () => {
  it("labels every field and validates the title", async () => {
    const user = userEvent.setup();
    const onSubmit = jest.fn();
    render(<IssueForm specs={specs} submitLabel="Create issue" onSubmit={onSubmit} />);
    for (const label of ["Title", "Project", "Status", "Priority", "Spec (optional)", "Description"]) {
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
      projectId: null,
    });
  });

  it("puts the issue in a project: preselected (New issue on a project's page) or chosen; the default workspace is none", async () => {
    const user = userEvent.setup();
    const onSubmit = jest.fn().mockResolvedValue(undefined);
    render(<IssueForm specs={specs} initialValues={{ projectId: "PROJ-2" }} submitLabel="Create issue" onSubmit={onSubmit} />);
    const picker = screen.getByLabelText("Project");
    expect(picker).toHaveValue("PROJ-2");
    await screen.findByRole("option", { name: "PROJ-1 · Shop (git, main)" });
    expect(screen.getAllByRole("option", { name: /PROJ-|Default workspace/ }).map((o) => o.textContent)).toEqual([
      "Default workspace",
      "PROJ-1 · Shop (git, main)",
      "PROJ-2 · Notes (directory)",
    ]);
    await user.type(screen.getByLabelText("Title"), "Fix checkout");
    await user.click(screen.getByRole("button", { name: "Create issue" }));
    expect(onSubmit).toHaveBeenLastCalledWith(expect.objectContaining({ title: "Fix checkout", projectId: "PROJ-2" }));
    await user.selectOptions(picker, "PROJ-1");
    await user.click(screen.getByRole("button", { name: "Create issue" }));
    expect(onSubmit).toHaveBeenLastCalledWith(expect.objectContaining({ projectId: "PROJ-1" }));
    await user.selectOptions(picker, "");
    await user.click(screen.getByRole("button", { name: "Create issue" }));
    expect(onSubmit).toHaveBeenLastCalledWith(expect.objectContaining({ projectId: null }));
  });

  it("keeps a project the list no longer shows (archived) as the current choice", async () => {
    render(<IssueForm specs={specs} initialValues={{ projectId: "PROJ-7" }} submitLabel="Create issue" onSubmit={jest.fn()} />);
    expect(await screen.findByRole("option", { name: "PROJ-7 (archived)" })).toBeInTheDocument();
    expect(screen.getByLabelText("Project")).toHaveValue("PROJ-7");
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
