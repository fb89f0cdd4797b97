import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ProjectDetail } from "@/lib/projects/schema";
import { makeProject } from "@/test/support/project-fixtures";
import { LoopSettings } from "./loop-settings";

// "Checks and worktrees" on the project page: only what changed is sent, an
// argv is one argument per line, and the server's message for a field shows beside it.

const detail = (over: Partial<ProjectDetail> = {}): ProjectDetail => ({
  ...makeProject(),
  repository: { currentBranch: "main", head: "a".repeat(40), operation: null, baseBranchExists: true, uncommittedFiles: 0 },
  worktrees: [],
  worktreeBytes: 0,
  sessionState: { sessions: 0, versions: 0, latestBytes: 0, storedBytes: 0 },
  problems: [],
  ...over,
});

let fetchMock: jest.Mock;
function renderSettings(project: ProjectDetail, reply: (body: Record<string, unknown>) => { status: number; body: unknown }) {
  fetchMock = jest.fn(async (_url: string, init?: RequestInit) => {
    const r = reply(JSON.parse(String(init?.body)));
    return { ok: r.status < 400, status: r.status, statusText: "", text: async () => JSON.stringify(r.body) };
  });
  global.fetch = fetchMock as unknown as typeof fetch;
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <LoopSettings project={project} />
    </QueryClientProvider>,
  );
}
const patches = () => fetchMock.mock.calls.map(([url, init]) => [url, init.method, JSON.parse(init.body)]);

test("a shell line, a time limit, scripts and globs: PATCH carries only what changed", async () => {
  const user = userEvent.setup();
  const project = detail({ remote: "origin" });
  renderSettings(project, (body) => ({ status: 200, body: { ...project, ...body } }));
  expect(screen.getByText(/\.worktreeinclude file in the repository is honoured/)).toBeInTheDocument();
  await user.type(screen.getByLabelText("Check command"), "npm test");
  await user.clear(screen.getByLabelText("Check time limit (s)"));
  await user.type(screen.getByLabelText("Check time limit (s)"), "120");
  await user.type(screen.getByLabelText("Set-up script"), "npm ci");
  await user.type(screen.getByLabelText("Files to copy into new worktrees"), ".env{Enter}config/*.local.json");
  await user.click(screen.getByRole("button", { name: "Save checks and worktrees" }));
  expect(await screen.findByRole("status")).toHaveTextContent("Saved");
  expect(patches()).toEqual([
    [
      "/api/projects/PROJ-1",
      "PATCH",
      { checkCommand: "npm test", checkTimeoutSeconds: 120, setupScript: "npm ci", copyFiles: [".env", "config/*.local.json"] },
    ],
  ]);
});

test("advanced: one argument per line is sent as an argv; emptied fields are cleared with null", async () => {
  const user = userEvent.setup();
  const project = detail({ checkCommand: "make check", cleanupScript: "rm -rf tmp", remote: "upstream" });
  renderSettings(project, (body) => ({ status: 200, body: { ...project, ...body } }));
  await user.click(screen.getByLabelText("Advanced: arguments, no shell"));
  const argv = screen.getByLabelText("Check command");
  expect(argv.tagName).toBe("TEXTAREA");
  await user.clear(argv);
  await user.type(argv, "npx{Enter}jest{Enter}--ci");
  await user.clear(screen.getByLabelText("Clean-up script"));
  await user.clear(screen.getByLabelText("Remote"));
  await user.click(screen.getByRole("button", { name: "Save checks and worktrees" }));
  await waitFor(() => expect(patches()).toHaveLength(1));
  expect(patches()[0][2]).toEqual({ checkCommand: ["npx", "jest", "--ci"], cleanupScript: null, remote: null });
});

test("the server's 422 shows beside its field (a list entry's too)", async () => {
  const user = userEvent.setup();
  renderSettings(detail(), () => ({
    status: 422,
    body: {
      error: {
        code: "validation_failed",
        message: "copyFiles.0: copyFiles entries are paths inside the project (no leading / and no ..)",
        details: { fieldErrors: { "copyFiles.0": ["copyFiles entries are paths inside the project (no leading / and no ..)"] }, formErrors: [] },
      },
    },
  }));
  await user.type(screen.getByLabelText("Files to copy into new worktrees"), "../secrets");
  await user.click(screen.getByRole("button", { name: "Save checks and worktrees" }));
  const field = screen.getByLabelText("Files to copy into new worktrees");
  await waitFor(() => expect(field).toHaveAttribute("aria-invalid", "true"));
  expect(screen.getByText("copyFiles entries are paths inside the project (no leading / and no ..)")).toBeInTheDocument();
  expect(screen.queryByRole("alert")).not.toBeInTheDocument();
});

test("nothing changed: nothing sent; a directory that is no repository has only the check", async () => {
  const user = userEvent.setup();
  renderSettings(detail({ isGitRepo: false, baseBranch: null }), () => ({ status: 500, body: {} }));
  expect(screen.queryByLabelText("Set-up script")).not.toBeInTheDocument();
  await user.click(screen.getByRole("button", { name: "Save checks and worktrees" }));
  expect(await screen.findByRole("status")).toHaveTextContent("Saved");
  expect(fetchMock).not.toHaveBeenCalled();
});
