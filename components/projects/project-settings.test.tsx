import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import type { ReactNode } from "react";
import type { ProjectDetail } from "@/lib/projects/schema";
import { defaultWorkspaceProject, makeProject } from "@/test/support/project-fixtures";

// A project's page as a person changes it: New issue / New spec started in
// it, editing its name, base branch and agent, archiving one that has history,
// whether agents may consult Arbor (its MCP server), and "What agents may do
// here" (also the default workspace's and the register form's): a mode, allow
// and deny rules checked line by line.

const mockPush = jest.fn();
jest.mock("next/navigation", () => ({ useRouter: () => ({ push: mockPush }) }));
// Required after the mock (the esbuild transform does not hoist jest.mock).
const { ProjectDetailView } = require("./project-detail-view") as typeof import("./project-detail-view");
const { ProjectsView } = require("./projects-view") as typeof import("./projects-view");

type Reply = { status: number; body: unknown };
let fetchMock: jest.Mock;

const detail = (over: Partial<ProjectDetail> = {}): ProjectDetail => ({
  ...makeProject(),
  repository: { currentBranch: "main", head: "a".repeat(40), operation: null, baseBranchExists: true, uncommittedFiles: 0 },
  worktrees: [],
  worktreeBytes: 0,
  sessionState: { sessions: 0, versions: 0, latestBytes: 0, storedBytes: 0 },
  problems: [],
  ...over,
});

function renderWith(ui: ReactNode, route: (url: string, init?: RequestInit) => Reply | undefined) {
  fetchMock = jest.fn(async (url: string, init?: RequestInit) => {
    const reply = route(url, init) ?? { status: 200, body: { items: [] } };
    return { ok: reply.status < 400, status: reply.status, statusText: "", text: async () => JSON.stringify(reply.body) };
  });
  global.fetch = fetchMock as unknown as typeof fetch;
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

const patches = () => fetchMock.mock.calls.filter(([, init]) => init?.method === "PATCH").map(([url, init]) => [url, JSON.parse(init.body)]);

beforeEach(() => mockPush.mockReset());

it("New issue and New spec start in the project; the default workspace's start in none; an archived project offers neither", async () => {
  const view = renderWith(<ProjectDetailView id="PROJ-1" />, (url) => (url.startsWith("/api/projects/PROJ-1") ? { status: 200, body: detail() } : undefined));
  expect(await screen.findByRole("link", { name: "New issue" })).toHaveAttribute("href", "/issues/new?projectId=PROJ-1");
  expect(screen.getByRole("link", { name: "New spec" })).toHaveAttribute("href", "/specs/new?projectId=PROJ-1");
  view.unmount();
  const implicit = renderWith(<ProjectDetailView id="default" />, (url) =>
    url.startsWith("/api/projects/default") ? { status: 200, body: { ...detail(), ...defaultWorkspaceProject() } } : undefined,
  );
  expect(await screen.findByRole("link", { name: "New issue" })).toHaveAttribute("href", "/issues/new");
  implicit.unmount();
  renderWith(<ProjectDetailView id="PROJ-1" />, (url) =>
    url.startsWith("/api/projects/PROJ-1") ? { status: 200, body: detail({ archivedAt: "2026-02-01T00:00:00.000Z" }) } : undefined,
  );
  expect(await screen.findByText(/^Archived: hidden from lists and pickers/)).toBeInTheDocument();
  expect(screen.queryByRole("link", { name: "New issue" })).toBeNull();
  expect(screen.queryByRole("button", { name: "Edit project" })).toBeNull();
});

it("edits the name, base branch and default agent, sending only what changed; the server's reason shows beside the field", async () => {
  let reply: Reply = {
    status: 422,
    body: {
      error: { code: "validation_failed", message: "baseBranch: no", details: { fieldErrors: { baseBranch: ["there is no local branch named nope"] } } },
    },
  };
  renderWith(<ProjectDetailView id="PROJ-1" />, (url, init) => {
    if (init?.method === "PATCH") return reply;
    if (url.startsWith("/api/projects/PROJ-1")) return { status: 200, body: detail() };
    return undefined;
  });
  fireEvent.click(await screen.findByRole("button", { name: "Edit project" }));
  const form = screen.getByRole("form", { name: "Edit PROJ-1" });
  fireEvent.change(within(form).getByLabelText("Base branch"), { target: { value: "nope" } });
  fireEvent.click(within(form).getByRole("button", { name: "Save" }));
  await waitFor(() => expect(within(form).getByLabelText("Base branch")).toHaveAttribute("aria-invalid", "true"));
  expect(within(form).getByText("there is no local branch named nope")).toBeInTheDocument();
  expect(patches()).toEqual([["/api/projects/PROJ-1", { baseBranch: "nope" }]]);

  reply = { status: 200, body: makeProject({ name: "The shop" }) };
  fireEvent.change(within(form).getByLabelText("Base branch"), { target: { value: "main" } });
  fireEvent.change(within(form).getByLabelText("Name"), { target: { value: " The shop " } });
  fireEvent.click(within(form).getByRole("button", { name: "Save" }));
  await waitFor(() => expect(screen.queryByRole("form", { name: "Edit PROJ-1" })).toBeNull());
  expect(patches()[1]).toEqual(["/api/projects/PROJ-1", { name: "The shop" }]);
});

it("archives a project that has history (after asking) and unarchives it; an unused one is removed instead", async () => {
  const confirm = jest.spyOn(window, "confirm").mockReturnValue(true);
  let archivedAt: string | null = null;
  renderWith(<ProjectDetailView id="PROJ-1" />, (url, init) => {
    if (init?.method === "PATCH") {
      archivedAt = JSON.parse(String(init.body)).archived ? "2026-02-01T00:00:00.000Z" : null;
      return { status: 200, body: makeProject({ archivedAt }) };
    }
    if (url.startsWith("/api/projects/PROJ-1")) return { status: 200, body: detail({ archivedAt }) };
    return undefined;
  });
  expect(screen.queryByRole("button", { name: "Remove project" })).toBeNull();
  fireEvent.click(await screen.findByRole("button", { name: "Archive project" }));
  expect(confirm).toHaveBeenCalledWith(expect.stringMatching(/^Archive PROJ-1\? It is hidden from lists and pickers and takes no new runs/));
  fireEvent.click(await screen.findByRole("button", { name: "Unarchive project" }));
  await waitFor(() =>
    expect(patches()).toEqual([
      ["/api/projects/PROJ-1", { archived: true }],
      ["/api/projects/PROJ-1", { archived: false }],
    ]),
  );
});

it("What agents may do here: a mode with its sentence, rules checked line by line (the API's own words), saved; no mode clears it", async () => {
  let reply: Reply = { status: 200, body: makeProject() };
  renderWith(<ProjectDetailView id="PROJ-1" />, (url, init) => {
    if (init?.method === "PATCH") return reply;
    if (url.startsWith("/api/projects/PROJ-1")) return { status: 200, body: detail({ permissions: { mode: "edits", allow: ["Bash(npm test:*)"], deny: [] } }) };
    return undefined;
  });
  const form = await screen.findByRole("form", { name: "What agents may do here" });
  const mode = within(form).getByLabelText("What agents may do here");
  expect(mode).toHaveValue("edits");
  expect(mode).toHaveAccessibleDescription(/^Edits files in its own worktree only/);
  expect(within(form).getByLabelText("Always allow (one rule per line)")).toHaveValue("Bash(npm test:*)");
  fireEvent.change(mode, { target: { value: "trusted" } });
  expect(mode).toHaveAccessibleDescription(/Claude Code refuses this when Arbor runs as root unless IS_SANDBOX=1/);

  const deny = within(form).getByLabelText("Never allow (one rule per line)");
  fireEvent.change(deny, { target: { value: "Bash(git push:*)\n\nBash(rm" } });
  expect(within(form).getByRole("list", { name: "Problems in never allow (one rule per line)" })).toHaveTextContent(
    'Line 3: "Bash(rm" has an opening "(" without its closing ")" at the end',
  );
  expect(deny).toHaveAttribute("aria-invalid", "true");
  fireEvent.click(within(form).getByRole("button", { name: "Save" }));
  expect(await within(form).findByText("Fix the rules marked below first")).toBeInTheDocument();
  expect(patches()).toEqual([]);

  // A rule the API refuses (here: one it reads differently) is shown beside its line.
  reply = {
    status: 422,
    body: {
      error: {
        code: "validation_failed",
        message: "permissions.deny.1: refused",
        details: { fieldErrors: { "permissions.deny.1": ["refused by the server"] } },
      },
    },
  };
  fireEvent.change(deny, { target: { value: "Bash(git push:*)\n\nWebFetch" } });
  fireEvent.click(within(form).getByRole("button", { name: "Save" }));
  expect(await within(form).findByText("Line 3: refused by the server")).toBeInTheDocument();
  expect(patches()[0]).toEqual([
    "/api/projects/PROJ-1",
    { permissions: { mode: "trusted", allow: ["Bash(npm test:*)"], deny: ["Bash(git push:*)", "WebFetch"] } },
  ]);

  reply = { status: 200, body: makeProject() };
  fireEvent.change(mode, { target: { value: "" } });
  fireEvent.change(within(form).getByLabelText("Always allow (one rule per line)"), { target: { value: "" } });
  fireEvent.change(deny, { target: { value: "" } });
  fireEvent.click(within(form).getByRole("button", { name: "Save" }));
  expect(await within(form).findByRole("status")).toHaveTextContent("Saved");
  expect(patches()[1]).toEqual(["/api/projects/PROJ-1", { permissions: null }]);
});

it("the default workspace has the setting too", async () => {
  renderWith(<ProjectDetailView id="default" />, (url, init) => {
    if (init?.method === "PATCH") return { status: 200, body: defaultWorkspaceProject() };
    if (url.startsWith("/api/projects/default")) return { status: 200, body: { ...detail(), ...defaultWorkspaceProject() } };
    return undefined;
  });
  const form = await screen.findByRole("form", { name: "What agents may do here" });
  fireEvent.change(within(form).getByLabelText("What agents may do here"), { target: { value: "ask" } });
  fireEvent.click(within(form).getByRole("button", { name: "Save" }));
  await waitFor(() => expect(patches()).toEqual([["/api/projects/default", { permissions: { mode: "ask" } }]]));
});

it("Agents may consult Arbor (MCP server): on by default, turned off and on, a refusal shown; not offered for the default workspace", async () => {
  let current = detail();
  let refuse = false;
  const view = renderWith(<ProjectDetailView id="PROJ-1" />, (url, init) => {
    if (init?.method === "PATCH") {
      if (refuse) return { status: 404, body: { error: { code: "not_found", message: "Project PROJ-1 not found" } } };
      current = { ...current, ...JSON.parse(String(init.body)) };
      return { status: 200, body: current };
    }
    if (url.startsWith("/api/projects/PROJ-1")) return { status: 200, body: current };
    return undefined;
  });
  const setting = await screen.findByLabelText("Agents may consult Arbor (MCP server)");
  expect(setting).toBeChecked();
  expect(setting).toHaveAccessibleDescription(/^Runs here get Arbor's MCP server: their agents can search earlier sessions/);
  fireEvent.click(setting);
  await waitFor(() => expect(screen.getByLabelText("Agents may consult Arbor (MCP server)")).not.toBeChecked());
  expect(screen.getByLabelText("Agents may consult Arbor (MCP server)")).toHaveAccessibleDescription("Off: agents here run without Arbor's MCP server.");
  fireEvent.click(screen.getByLabelText("Agents may consult Arbor (MCP server)"));
  await waitFor(() => expect(screen.getByLabelText("Agents may consult Arbor (MCP server)")).toBeChecked());
  expect(patches()).toEqual([
    ["/api/projects/PROJ-1", { mcp: false }],
    ["/api/projects/PROJ-1", { mcp: true }],
  ]);

  refuse = true;
  fireEvent.click(screen.getByLabelText("Agents may consult Arbor (MCP server)"));
  expect(await screen.findByText("Project PROJ-1 not found")).toBeInTheDocument();
  expect(screen.getByLabelText("Agents may consult Arbor (MCP server)")).toBeChecked();
  view.unmount();

  renderWith(<ProjectDetailView id="default" />, (url) =>
    url.startsWith("/api/projects/default") ? { status: 200, body: { ...detail(), ...defaultWorkspaceProject() } } : undefined,
  );
  await screen.findByRole("form", { name: "What agents may do here" });
  expect(screen.queryByLabelText("Agents may consult Arbor (MCP server)")).toBeNull();
});

it("registers with Arbor's MCP server off when unticked (on, it sends nothing: the server's default)", async () => {
  renderWith(<ProjectsView />, (url, init) => {
    if (init?.method === "POST") return { status: 201, body: makeProject({ id: "PROJ-3", mcp: false }) };
    if (url.startsWith("/api/projects")) return { status: 200, body: { items: [], defaultWorkspace: defaultWorkspaceProject() } };
    return undefined;
  });
  await screen.findByRole("list", { name: "Projects" });
  const mcp = screen.getByLabelText("Agents may consult Arbor (MCP server)");
  expect(mcp).toBeChecked();
  fireEvent.click(mcp);
  expect(mcp).toHaveAccessibleDescription("Off: agents here run without Arbor's MCP server.");
  fireEvent.change(screen.getByLabelText("Directory"), { target: { value: "/home/me/code/vault" } });
  fireEvent.click(screen.getByRole("button", { name: "Register project" }));
  await waitFor(() => expect(mockPush).toHaveBeenCalledWith("/projects/PROJ-3"));
  const [, init] = fetchMock.mock.calls.find(([, i]) => i?.method === "POST")!;
  expect(JSON.parse(init.body)).toEqual({ path: "/home/me/code/vault", mcp: false });
});

it("registers with what agents may do there, and lists archived projects on request", async () => {
  renderWith(<ProjectsView />, (url, init) => {
    if (init?.method === "POST") return { status: 201, body: makeProject({ id: "PROJ-3" }) };
    if (url === "/api/projects?archived=true")
      return {
        status: 200,
        body: { items: [makeProject({ id: "PROJ-2", name: "Old", archivedAt: "2026-02-01T00:00:00.000Z" })], defaultWorkspace: defaultWorkspaceProject() },
      };
    if (url.startsWith("/api/projects")) return { status: 200, body: { items: [], defaultWorkspace: defaultWorkspaceProject() } };
    return undefined;
  });
  await screen.findByRole("list", { name: "Projects" });
  expect(screen.getByLabelText("Directory")).toHaveAccessibleDescription(/^Its full path on the server: any directory/);
  fireEvent.change(screen.getByLabelText("Directory"), { target: { value: "/home/me/code/shop" } });
  fireEvent.change(screen.getByLabelText("What agents may do here"), { target: { value: "ask" } });
  fireEvent.change(screen.getByLabelText("Always allow (one rule per line)"), { target: { value: "Bash(npm test:*)" } });
  fireEvent.click(screen.getByRole("button", { name: "Register project" }));
  await waitFor(() => expect(mockPush).toHaveBeenCalledWith("/projects/PROJ-3"));
  const [, init] = fetchMock.mock.calls.find(([, i]) => i?.method === "POST")!;
  expect(JSON.parse(init.body)).toEqual({ path: "/home/me/code/shop", permissions: { mode: "ask", allow: ["Bash(npm test:*)"] } });

  fireEvent.click(screen.getByRole("button", { name: "Show archived projects" }));
  const archived = await screen.findByRole("list", { name: "Archived" });
  expect(within(archived).getByRole("listitem")).toHaveTextContent("PROJ-2Old(archived)");
});
