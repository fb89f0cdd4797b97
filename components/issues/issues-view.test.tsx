import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { IssuesView } from "@/components/issues/issues-view";
import { SpecsView } from "@/components/specs/specs-view";
import { defaultWorkspaceProject, makeProject } from "@/test/support/project-fixtures";

// The issue and spec lists filter by project: all, the default workspace's, or one project's (the list APIs' ?projectId=).

let urls: string[] = [];
function renderList(ui: React.ReactNode) {
  urls = [];
  global.fetch = jest.fn(async (url: string) => {
    urls.push(url);
    const body = url.startsWith("/api/projects")
      ? {
          items: [makeProject(), makeProject({ id: "PROJ-2", name: "Notes", isGitRepo: false, baseBranch: null })],
          defaultWorkspace: defaultWorkspaceProject(),
        }
      : { items: [] };
    return { ok: true, status: 200, statusText: "", text: async () => JSON.stringify(body) };
  }) as unknown as typeof fetch;
  return render(<QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>{ui}</QueryClientProvider>);
}

const listed = (path: string) => urls.filter((u) => u.startsWith(path));

it.each([
  ["issues", () => <IssuesView />, "/api/issues", "issue-project-filter"],
  ["specs", () => <SpecsView />, "/api/specs", "spec-project-filter"],
] as const)("the %s list filters by project, and starts from the address's", async (_what, view, api, id) => {
  const { unmount } = renderList(view());
  const filter = await screen.findByLabelText("Filter by project");
  expect(filter).toHaveAttribute("id", id);
  await screen.findByRole("option", { name: "PROJ-2 · Notes (directory)" });
  expect(listed(api).at(-1)).not.toContain("projectId");
  fireEvent.change(filter, { target: { value: "PROJ-2" } });
  await waitFor(() => expect(listed(api).at(-1)).toContain("projectId=PROJ-2"));
  fireEvent.change(filter, { target: { value: "none" } });
  await waitFor(() => expect(listed(api).at(-1)).toContain("projectId=none"));
  expect(window.location.search).toContain("projectId=none");
  unmount();
  renderList(api === "/api/issues" ? <IssuesView initialProjectId="PROJ-1" /> : <SpecsView initialProjectId="PROJ-1" />);
  await waitFor(() => expect(listed(api).at(-1)).toContain("projectId=PROJ-1"));
  expect(screen.getByLabelText("Filter by project")).toHaveValue("PROJ-1");
});
