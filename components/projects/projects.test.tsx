import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import type { ReactNode } from "react";
import type { ProjectDetail } from "@/lib/projects/schema";
import { defaultWorkspaceProject, makeProject } from "@/test/support/project-fixtures";

// /projects (list + register form) and /projects/[id] (facts, worktrees, issues and specs).

const mockPush = jest.fn();
jest.mock("next/navigation", () => ({ useRouter: () => ({ push: mockPush }) }));
// Required after the mock (the esbuild transform does not hoist jest.mock).
const { ProjectDetailView } = require("./project-detail-view") as typeof import("./project-detail-view");
const { ProjectsView } = require("./projects-view") as typeof import("./projects-view");

const NOW = "2026-01-01T00:00:00.000Z";

const project = makeProject;
const defaultWorkspace = defaultWorkspaceProject();

type Reply = { status: number; body: unknown };
let fetchMock: jest.Mock;
function respond({ status, body }: Reply) {
  return { ok: status < 400, status, statusText: "", text: async () => JSON.stringify(body) };
}

function renderWith(ui: ReactNode, route: (url: string, init?: RequestInit) => Reply) {
  fetchMock = jest.fn(async (url: string, init?: RequestInit) => respond(route(url, init)));
  global.fetch = fetchMock as unknown as typeof fetch;
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

beforeEach(() => mockPush.mockReset());

describe("ProjectsView", () => {
  it("lists the projects and the implicit default workspace", async () => {
    renderWith(<ProjectsView />, () => ({
      status: 200,
      body: { items: [project(), project({ id: "PROJ-2", name: "Notes", isGitRepo: false, baseBranch: null, path: "/code/notes" })], defaultWorkspace },
    }));
    const list = await screen.findByRole("list", { name: "Projects" });
    const rows = within(list).getAllByRole("listitem");
    expect(rows.map((r) => r.textContent)).toEqual([
      "PROJ-1Shopgit · main/code/shop2 issues · 1 spec",
      "PROJ-2Notesdirectory/code/notes2 issues · 1 spec",
      "defaultDefault workspace(implicit)directory/data/workspace1 issue · 0 specs",
    ]);
    expect(within(rows[0]!).getByRole("link", { name: "Shop" })).toHaveAttribute("href", "/projects/PROJ-1");
    expect(within(rows[2]!).getByRole("link", { name: "Default workspace" })).toHaveAttribute("href", "/projects/default");
  });

  it("registers a directory, sending only the fields filled in, and opens the new project", async () => {
    renderWith(<ProjectsView />, (_url, init) =>
      init?.method === "POST" ? { status: 201, body: project({ id: "PROJ-3" }) } : { status: 200, body: { items: [], defaultWorkspace } },
    );
    await screen.findByRole("list", { name: "Projects" });
    expect(screen.getByText(/No projects registered yet/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Register project" }));
    expect(await screen.findByText("Path is required")).toBeInTheDocument();
    expect(screen.getByLabelText("Directory")).toHaveAttribute("aria-invalid", "true");

    fireEvent.change(screen.getByLabelText("Directory"), { target: { value: " /code/shop " } });
    fireEvent.change(screen.getByLabelText("Base branch (optional)"), { target: { value: "develop" } });
    fireEvent.click(screen.getByRole("button", { name: "Register project" }));
    await waitFor(() => expect(mockPush).toHaveBeenCalledWith("/projects/PROJ-3"));
    const [, init] = fetchMock.mock.calls.find(([, i]) => i?.method === "POST")!;
    expect(JSON.parse(init.body)).toEqual({ path: "/code/shop", baseBranch: "develop" });
  });

  it("shows the server's reasons next to the field, or above the button", async () => {
    let reply: Reply = {
      status: 422,
      body: {
        error: {
          code: "validation_failed",
          message: "path: / is outside the allowed workspace roots",
          details: { fieldErrors: { path: ["/ is outside the allowed workspace roots (/w); set ARBOR_WORKSPACE_ROOTS to allow it"] } },
        },
      },
    };
    renderWith(<ProjectsView />, (_url, init) => (init?.method === "POST" ? reply : { status: 200, body: { items: [], defaultWorkspace } }));
    await screen.findByRole("list", { name: "Projects" });
    fireEvent.change(screen.getByLabelText("Directory"), { target: { value: "/" } });
    fireEvent.click(screen.getByRole("button", { name: "Register project" }));
    expect(await screen.findByText(/outside the allowed workspace roots \(\/w\)/)).toBeInTheDocument();
    expect(screen.getByLabelText("Directory")).toHaveAttribute("aria-invalid", "true");

    reply = { status: 409, body: { error: { code: "conflict", message: "The repository at /w/x is in the middle of a rebase: finish or abort it first" } } };
    fireEvent.click(screen.getByRole("button", { name: "Register project" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Not registeredThe repository at /w/x is in the middle of a rebase");
    expect(mockPush).not.toHaveBeenCalled();
  });
});

describe("ProjectDetailView", () => {
  const detail: ProjectDetail = {
    ...project(),
    repository: { currentBranch: "main", head: "a".repeat(40), operation: null, baseBranchExists: true, uncommittedFiles: 2 },
    worktrees: [
      {
        path: "/data/worktrees/PROJ-1/ISSUE-1-1f2e3d4c",
        branch: "arbor/ISSUE-1/1f2e3d4c",
        head: "b".repeat(40),
        missing: false,
        bytes: 3 * 1024 * 1024,
        bytesComplete: true,
        executionId: "1f2e3d4c-0000-4000-8000-000000000001",
        spare: false,
        archived: false,
        problem: null,
      },
      {
        path: "/data/worktrees/PROJ-1/ISSUE-1-99999999",
        branch: "arbor/ISSUE-1/99999999",
        head: null,
        missing: true,
        bytes: 0,
        bytesComplete: true,
        executionId: null,
        spare: false,
        archived: false,
        problem: null,
      },
    ],
    worktreeBytes: 3 * 1024 * 1024,
    sessionState: { sessions: 4, versions: 9, latestBytes: 5 * 1024 * 1024, storedBytes: 1024 * 1024 },
    problems: ["The base branch main no longer exists: choose another one."],
  };

  it("shows the facts, worktrees with their disk use, problems, and the project's issues and specs", async () => {
    renderWith(<ProjectDetailView id="PROJ-1" />, (url) => {
      if (url.startsWith("/api/projects/PROJ-1")) return { status: 200, body: detail };
      if (url.startsWith("/api/issues?projectId=PROJ-1"))
        return {
          status: 200,
          body: {
            items: [
              {
                id: "ISSUE-4",
                number: 4,
                title: "Checkout bug",
                body: "",
                status: "open",
                priority: "high",
                specId: null,
                spec: null,
                projectId: "PROJ-1",
                createdAt: NOW,
                updatedAt: NOW,
              },
            ],
          },
        };
      if (url.startsWith("/api/specs?projectId=PROJ-1")) return { status: 200, body: { items: [] } };
      return { status: 404, body: { error: { code: "not_found", message: url } } };
    });
    await screen.findByRole("heading", { level: 1, name: "Shop" });
    expect(screen.getByRole("alert")).toHaveTextContent("The base branch main no longer exists");
    expect(within(screen.getByLabelText("Facts")).getByText("/code/shop")).toBeInTheDocument();
    expect(screen.getByText("on main, 2 uncommitted files")).toBeInTheDocument();
    expect(screen.getByText("1 spec, 2 issues, 3 executions")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: /Worktrees \(3\.0 MiB on disk\)/ })).toBeInTheDocument();
    expect(screen.getByTestId("session-state-usage")).toHaveTextContent("4 sessions kept (9 versions): 5.0 MiB as files, 1.0 MiB stored in PostgreSQL.");
    const worktrees = within(screen.getByRole("list", { name: "Worktrees" })).getAllByRole("listitem");
    expect(worktrees[0]).toHaveTextContent("arbor/ISSUE-1/1f2e3d4c#1f2e3d4c3.0 MiB");
    expect(within(worktrees[0]!).getByRole("link", { name: "#1f2e3d4c" })).toHaveAttribute("href", "/executions/1f2e3d4c-0000-4000-8000-000000000001");
    expect(worktrees[1]).toHaveTextContent("directory missing");
    expect(await screen.findByRole("link", { name: "Checkout bug" })).toHaveAttribute("href", "/issues/ISSUE-4");
    expect(await screen.findByText("No specs in this project")).toBeInTheDocument();
  });

  it("shows the default workspace's own issues (those without a project) and no Remove", async () => {
    renderWith(<ProjectDetailView id="default" />, (url) => {
      if (url.startsWith("/api/projects/default"))
        return {
          status: 200,
          body: {
            ...defaultWorkspace,
            repository: null,
            worktrees: [],
            worktreeBytes: 0,
            sessionState: { sessions: 0, versions: 0, latestBytes: 0, storedBytes: 0 },
            problems: [],
          },
        };
      return { status: 200, body: { items: [] } };
    });
    await screen.findByRole("heading", { level: 1, name: "Default workspace" });
    expect(screen.getByText(/specs and issues without a project/)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Remove project" })).toBeNull();
    await waitFor(() => expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain("/api/issues?projectId=none"));
  });

  it("says a removal was refused and why (an unused project is removed, not archived)", async () => {
    jest.spyOn(window, "confirm").mockReturnValue(true);
    renderWith(<ProjectDetailView id="PROJ-1" />, (url, init) => {
      if (init?.method === "DELETE")
        return {
          status: 409,
          body: { error: { code: "conflict", message: "Project PROJ-1 is still used by 2 issues: move them to another project (or to none) first" } },
        };
      if (url.startsWith("/api/projects/")) return { status: 200, body: { ...detail, problems: [], specCount: 0, issueCount: 0, executionCount: 0 } };
      return { status: 200, body: { items: [] } };
    });
    fireEvent.click(await screen.findByRole("button", { name: "Remove project" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Not removedProject PROJ-1 is still used by 2 issues");
    expect(mockPush).not.toHaveBeenCalled();
  });

  it("removes the worktrees of archived sessions, branches too when asked, and says what it kept and why", async () => {
    const archived = { ...detail.worktrees[0]!, archived: true };
    let cleanupBody: unknown = null;
    renderWith(<ProjectDetailView id="PROJ-1" />, (url, init) => {
      if (init?.method === "POST" && url === "/api/projects/PROJ-1/cleanup") {
        cleanupBody = JSON.parse(String(init.body));
        return {
          status: 200,
          body: {
            projectId: "PROJ-1",
            removed: [{ path: archived.path, branch: archived.branch, branchDeleted: true, executionIds: [archived.executionId], bytes: archived.bytes }],
            kept: [{ path: "/data/worktrees/PROJ-1/ISSUE-2-aaaaaaaa", branch: "arbor/ISSUE-2/aaaaaaaa", reason: "execution aaaaaaaa is running there" }],
            freedBytes: archived.bytes,
          },
        };
      }
      if (url.startsWith("/api/projects/")) return { status: 200, body: { ...detail, problems: [], worktrees: [archived, detail.worktrees[1]!] } };
      return { status: 200, body: { items: [] } };
    });
    const worktrees = await screen.findByRole("list", { name: "Worktrees" });
    expect(within(worktrees).getAllByRole("listitem")[0]).toHaveTextContent("archived");
    expect(screen.getByText(/3\.0 MiB on disk\. Their snapshots stay/)).toBeInTheDocument();
    fireEvent.click(screen.getByLabelText("also delete their branches"));
    fireEvent.click(screen.getByRole("button", { name: "Remove worktrees of archived sessions (1)" }));
    expect(await screen.findByRole("status")).toHaveTextContent(
      "Removed 1 worktree (3.0 MiB freed, branches deleted).arbor/ISSUE-2/aaaaaaaa kept: execution aaaaaaaa is running there",
    );
    expect(cleanupBody).toEqual({ deleteBranches: true });
  });

  it("offers no removal when no worktree belongs only to archived sessions", async () => {
    renderWith(<ProjectDetailView id="PROJ-1" />, (url) =>
      url.startsWith("/api/projects/") ? { status: 200, body: { ...detail, problems: [] } } : { status: 200, body: { items: [] } },
    );
    expect(await screen.findByRole("button", { name: "Remove worktrees of archived sessions (0)" })).toBeDisabled();
    expect(screen.getByText(/Archive a session to let its worktree go/)).toBeInTheDocument();
  });

  it("turns the project's Apply setting on and off (off by default: nothing of the repository runs)", async () => {
    let current = { ...detail, problems: [] };
    const patches: unknown[] = [];
    renderWith(<ProjectDetailView id="PROJ-1" />, (url, init) => {
      if (init?.method === "PATCH") {
        const body = JSON.parse(String(init.body));
        patches.push(body);
        current = { ...current, ...body };
        return { status: 200, body: current };
      }
      if (url.startsWith("/api/projects/")) return { status: 200, body: current };
      return { status: 200, body: { items: [] } };
    });
    const setting = await screen.findByLabelText("Run my repository's hooks on Apply");
    expect(setting).not.toBeChecked();
    expect(screen.getByText(/Off: Arbor runs nothing of the repository, ever/)).toBeInTheDocument();
    fireEvent.click(setting);
    await waitFor(() => expect(screen.getByLabelText("Run my repository's hooks on Apply")).toBeChecked());
    expect(await screen.findByText(/Apply runs what git merge would in your checkout/)).toBeInTheDocument();
    expect(patches).toEqual([{ runHooksOnApply: true }]);
  });

  it("shows a worktree Arbor refused, and disk use it stopped counting as a lower bound", async () => {
    const refused = { ...detail.worktrees[0]!, bytesComplete: false, problem: "Arbor does not run git in the worktree /w: its .git points at /" };
    renderWith(<ProjectDetailView id="PROJ-1" />, (url) =>
      url.startsWith("/api/projects/") ? { status: 200, body: { ...detail, problems: [], worktrees: [refused] } } : { status: 200, body: { items: [] } },
    );
    const row = within(await screen.findByRole("list", { name: "Worktrees" })).getAllByRole("listitem")[0]!;
    expect(row).toHaveTextContent("at least 3.0 MiB");
    expect(row).toHaveTextContent("Refused: Arbor does not run git in the worktree /w: its .git points at /");
  });

  it("404: says the project is not there", async () => {
    renderWith(<ProjectDetailView id="PROJ-9" />, () => ({ status: 404, body: { error: { code: "not_found", message: "Project PROJ-9 not found" } } }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Project not foundProject PROJ-9 not found");
  });
});
