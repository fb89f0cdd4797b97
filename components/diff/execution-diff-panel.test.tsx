import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import type { ApplyPreview, ExecutionDiff } from "@/lib/diff/schema";
import type { ExecutionDto } from "@/lib/executions/schema";
import { makeExecution } from "@/test/support/execution-fixtures";

// The execution page's Files panel: the diff (file list, unified/split), why
// Arbor refused the worktree, and "Apply this line": the preview of what the
// base branch receives, the confirmation, and the next steps on conflicts.

const mockPush = jest.fn();
jest.mock("next/navigation", () => ({ useRouter: () => ({ push: mockPush }) }));
// Required after the mock (the esbuild transform does not hoist jest.mock).
const { ExecutionDiffPanel } = require("./execution-diff-panel") as typeof import("./execution-diff-panel");

const START = "a".repeat(40);
const SNAP = "b".repeat(40);

const PATCH = [
  "diff --git a/plan.txt b/plan.txt",
  "index 1111111..2222222 100644",
  "--- a/plan.txt",
  "+++ b/plan.txt",
  "@@ -1,2 +1,2 @@",
  " keep this line",
  "-original",
  "+alternative",
  "diff --git a/src/new.ts b/src/new.ts",
  "new file mode 100644",
  "index 0000000..3333333",
  "--- /dev/null",
  "+++ b/src/new.ts",
  "@@ -0,0 +1 @@",
  "+export const added = true;",
  "diff --git a/logo.png b/logo.png",
  "index 4444444..5555555 100644",
  "Binary files a/logo.png and b/logo.png differ",
  "",
].join("\n");

const diff: ExecutionDiff = {
  executionId: "",
  projectId: "PROJ-1",
  branch: "arbor/ISSUE-1/00000001",
  baseBranch: "main",
  from: START,
  to: SNAP,
  files: [
    { path: "plan.txt", oldPath: null, status: "modified", additions: 1, deletions: 1, binary: false },
    { path: "src/new.ts", oldPath: null, status: "added", additions: 1, deletions: 0, binary: false },
    { path: "logo.png", oldPath: null, status: "modified", additions: 0, deletions: 0, binary: true },
    { path: "later.txt", oldPath: null, status: "added", additions: 500, deletions: 0, binary: false },
  ],
  additions: 502,
  deletions: 1,
  patch: PATCH,
  truncated: true,
  maxPatchBytes: 2 * 1024 * 1024,
};

type Reply = { status: number; body: unknown };
let fetchMock: jest.Mock;

function respond({ status, body }: Reply) {
  return { ok: status < 400, status, statusText: "", text: async () => JSON.stringify(body) };
}

function renderPanel(execution: ExecutionDto, replies: { diff?: Reply; apply?: Reply; preview?: Reply; continue?: Reply } = {}) {
  fetchMock = jest.fn(async (url: string, init?: RequestInit) => {
    if (url.endsWith("/diff")) return respond(replies.diff ?? { status: 200, body: { ...diff, executionId: execution.id } });
    if (url.endsWith("/apply-preview")) return respond(replies.preview ?? { status: 500, body: {} });
    if (url.endsWith("/apply") && init?.method === "POST") return respond(replies.apply ?? { status: 500, body: {} });
    if (url.endsWith("/continue") && init?.method === "POST") return respond(replies.continue ?? { status: 500, body: {} });
    return respond({ status: 404, body: { error: { code: "not_found", message: "no" } } });
  });
  global.fetch = fetchMock as unknown as typeof fetch;
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <ExecutionDiffPanel execution={execution} />
    </QueryClientProvider>,
  );
}

const withSnapshot = () =>
  makeExecution({
    projectId: "PROJ-1",
    worktree: {
      path: "/data/worktrees/PROJ-1/ISSUE-1-00000001",
      branch: "arbor/ISSUE-1/00000001",
      state: "present",
      startSha: START,
      snapshotSha: SNAP,
      changes: { files: 2, additions: 3, deletions: 1 },
    },
  });

test("lists the changed files with +/− counts and shows each file's diff, unified or split", async () => {
  const { container } = renderPanel(withSnapshot());
  const files = await screen.findByRole("list", { name: "Changed files" });
  const rows = within(files)
    .getAllByRole("listitem")
    .map((li) => li.textContent);
  expect(rows).toEqual(["Mmodifiedplan.txt+1 −1", "Aaddedsrc/new.ts+1 −0", "Mmodifiedlogo.pngbinary", "Aaddedlater.txt+500 −0"]);
  expect(screen.getByText(/files? changed/)).toHaveTextContent("4 files changed, +502 −1");
  expect(screen.getByText("arbor/ISSUE-1/00000001")).toBeInTheDocument();

  // Unified: one code column per line; the changed words are there.
  expect(container.querySelector("table.diff-unified")).not.toBeNull();
  expect(screen.getByText("alternative")).toBeInTheDocument();
  expect(screen.getByText("export const added = true;")).toBeInTheDocument();
  expect(screen.getByText("Binary file: its contents are not shown.")).toBeInTheDocument();
  expect(screen.getByText("Not shown: the patch was cut at its size limit before this file.")).toBeInTheDocument();
  expect(screen.getByRole("note")).toHaveTextContent("Truncated: the patch is over 2,048 KiB, so 1 file at the end is listed without its lines.");
  // A big file starts folded.
  expect(container.querySelector("#diff-file-3")).not.toHaveAttribute("open");
  expect(container.querySelector("#diff-file-0")).toHaveAttribute("open");

  const split = screen.getByRole("button", { name: "Split" });
  fireEvent.click(split);
  expect(split).toHaveAttribute("aria-pressed", "true");
  expect(container.querySelector("table.diff-split")).not.toBeNull();
  expect(container.querySelector("table.diff-unified")).toBeNull();
});

const HEAD = "d".repeat(40);
const LINE_HEAD = "99999999-9999-4999-8999-999999999999";
const preview = (execution: ExecutionDto, overrides: Partial<ApplyPreview> = {}): ApplyPreview => ({
  executionId: execution.id,
  projectId: "PROJ-1",
  baseBranch: "main",
  baseHead: HEAD,
  snapshot: SNAP,
  branch: "arbor/ISSUE-1/00000001",
  lineHeadId: execution.id,
  worktreePath: "/data/worktrees/PROJ-1/ISSUE-1-00000001",
  merge: "clean",
  conflicts: [],
  diff: {
    from: HEAD,
    to: "e".repeat(40),
    files: [
      { path: "plan.txt", oldPath: null, status: "modified", additions: 1, deletions: 1, binary: false },
      { path: "notes/earlier.md", oldPath: null, status: "added", additions: 3, deletions: 0, binary: false },
    ],
    additions: 4,
    deletions: 1,
    patch: "",
    truncated: false,
    maxPatchBytes: 2 * 1024 * 1024,
  },
  blocked: null,
  defaultStrategy: "squash",
  defaultMessages: { squash: "ISSUE-1: make the change", merge: "Merge arbor/ISSUE-1/00000001 into main" },
  repositoryHooks: false,
  ...overrides,
});

/** POST /api/executions/:id/apply's answer when it applied. */
const applied = (execution: ExecutionDto, strategy: "squash" | "merge"): Reply => ({
  status: 200,
  body: {
    executionId: execution.id,
    status: "applied",
    strategy,
    baseBranch: "main",
    previousHead: HEAD,
    commit: "c".repeat(40),
    message: "m",
    repositoryHooks: false,
  },
});

const bodyOf = (suffix: string) => JSON.parse(fetchMock.mock.calls.find(([url]) => String(url).endsWith(suffix))![1].body);

beforeEach(() => mockPush.mockReset());

test("Apply this line: first what main will receive (the whole line onto its head), then the confirmation; squash by default", async () => {
  const execution = withSnapshot();
  renderPanel(execution, {
    preview: { status: 200, body: preview(execution) },
    apply: applied(execution, "squash"),
  });
  await screen.findByRole("list", { name: "Changed files" });
  // Nothing is applied by the first click: it opens the preview.
  fireEvent.click(screen.getByRole("button", { name: "Apply this line to main…" }));
  const receives = await screen.findByRole("list", { name: "What main will receive" });
  expect(
    within(receives)
      .getAllByRole("listitem")
      .map((li) => li.textContent),
  ).toEqual(["Mmodifiedplan.txt+1 −1", "Aaddednotes/earlier.md+3 −0"]);
  expect(screen.getByText(/^main is at/)).toHaveTextContent(`main is at ${HEAD.slice(0, 12)}; this line of work's snapshot is ${SNAP.slice(0, 12)}`);
  expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith("/apply"))).toBe(false);
  expect(screen.getByRole("radio", { name: /Squash/ })).toBeChecked();
  expect(screen.getByLabelText("Commit message")).toHaveAttribute("placeholder", "ISSUE-1: make the change");
  fireEvent.click(screen.getByRole("button", { name: "Apply to main" }));
  expect(await screen.findByRole("status")).toHaveTextContent(`Applied to main (squash): now at ${"c".repeat(12)}.`);
  expect(bodyOf("/apply")).toEqual({ strategy: "squash" });
});

test("is offered on a turn that changed nothing itself, and merges on request", async () => {
  const execution = withSnapshot();
  renderPanel(execution, {
    diff: { status: 200, body: { ...diff, executionId: execution.id, files: [], additions: 0, deletions: 0, patch: "", truncated: false } },
    preview: { status: 200, body: preview(execution) },
    apply: applied(execution, "merge"),
  });
  expect(await screen.findByText("This turn changed no files itself.")).toBeInTheDocument();
  fireEvent.click(screen.getByRole("button", { name: "Apply this line to main…" }));
  await screen.findByRole("list", { name: "What main will receive" });
  fireEvent.click(screen.getByRole("radio", { name: /Merge/ }));
  fireEvent.click(screen.getByRole("button", { name: "Apply to main" }));
  await screen.findByRole("status");
  expect(bodyOf("/apply")).toEqual({ strategy: "merge" });
});

test("on conflicts: the files, and the next steps — a Continue of the line's head naming them (its page opens), or the worktree to open", async () => {
  const execution = withSnapshot();
  renderPanel(execution, {
    preview: { status: 200, body: preview(execution, { merge: "conflicts", conflicts: ["plan.txt", "src/a.ts"], lineHeadId: LINE_HEAD }) },
    continue: { status: 201, body: makeExecution({ id: "77777777-7777-4777-8777-777777777777", parentExecutionId: LINE_HEAD }) },
  });
  await screen.findByRole("list", { name: "Changed files" });
  fireEvent.click(screen.getByRole("button", { name: "Apply this line to main…" }));
  const steps = await screen.findByRole("note", { name: "It conflicts" });
  expect(within(steps).getByRole("list", { name: "Conflicting files" })).toHaveTextContent("plan.txtsrc/a.ts");
  expect(within(steps).getByText("/data/worktrees/PROJ-1/ISSUE-1-00000001")).toBeInTheDocument();
  expect(screen.queryByRole("button", { name: "Apply to main" })).not.toBeInTheDocument();
  fireEvent.click(within(steps).getByRole("button", { name: "Ask the agent to resolve it" }));
  await waitFor(() => expect(mockPush).toHaveBeenCalledWith("/executions/77777777-7777-4777-8777-777777777777"));
  const [url] = fetchMock.mock.calls.find(([u]) => String(u).endsWith("/continue"))!;
  expect(url).toBe(`/api/executions/${LINE_HEAD}/continue`);
  expect(bodyOf("/continue").prompt).toMatch(/^Applying this work to main conflicts: .*\n- plan.txt\n- src\/a.ts\n/s);
});

test("says why Apply would refuse right now beside the preview, and does not offer it", async () => {
  const execution = withSnapshot();
  renderPanel(execution, {
    preview: {
      status: 200,
      body: preview(execution, {
        blocked: {
          reason: "dirty",
          message: "The main checkout /code/shop has uncommitted changes (plan.txt): commit or stash them first",
          files: ["plan.txt"],
        },
      }),
    },
  });
  await screen.findByRole("list", { name: "Changed files" });
  fireEvent.click(screen.getByRole("button", { name: "Apply this line to main…" }));
  expect(await screen.findByRole("alert")).toHaveTextContent("Apply would refuse right now: The main checkout /code/shop has uncommitted changes (plan.txt)");
  expect(screen.getByRole("button", { name: "Apply to main" })).toBeDisabled();
});

test("a conflict at the last moment (main moved since the preview): nothing changed, the files and the next steps", async () => {
  const execution = withSnapshot();
  renderPanel(execution, {
    preview: { status: 200, body: preview(execution) },
    apply: {
      status: 409,
      body: {
        error: {
          code: "conflict",
          message: "Applying would conflict with main in 2 files (plan.txt, src/a.ts); nothing was changed",
          details: { reason: "conflicts", files: ["plan.txt", "src/a.ts"] },
        },
      },
    },
  });
  await screen.findByRole("list", { name: "Changed files" });
  fireEvent.click(screen.getByRole("button", { name: "Apply this line to main…" }));
  fireEvent.click(await screen.findByRole("button", { name: "Apply to main" }));
  expect(await screen.findByRole("alert")).toHaveTextContent("Not applied: nothing was changed");
  expect(within(screen.getByRole("note", { name: "It conflicts" })).getByRole("list", { name: "Conflicting files" })).toHaveTextContent("plan.txtsrc/a.ts");
});

test("says when Arbor refused to run git in the line's worktree", async () => {
  renderPanel(makeExecution({ ...withSnapshot(), worktreeProblem: "its .git points at /code/shop/.git, not at its record" }));
  const alert = await screen.findByRole("alert", { name: "Worktree refused" });
  expect(alert).toHaveTextContent("Arbor refused to run git in this worktreeits .git points at /code/shop/.git, not at its record");
});

test("says why there is no diff: still running, shared directory; nothing for runs without a worktree", async () => {
  const running = renderPanel(
    makeExecution({
      status: "running",
      projectId: "PROJ-1",
      worktree: { path: "/w", branch: "arbor/ISSUE-1/x", state: "present", startSha: START, snapshotSha: null, changes: null },
    }),
  );
  expect(screen.getByText("Its worktree's snapshot is taken when it ends; the diff appears then.")).toBeInTheDocument();
  running.unmount();
  const shared = renderPanel(makeExecution({ projectId: "PROJ-1", sharedDirectory: true }));
  expect(screen.getByText(/used the project's directory itself \(shared\)/)).toBeInTheDocument();
  shared.unmount();
  const { container } = renderPanel(makeExecution());
  expect(container).toBeEmptyDOMElement();
  await waitFor(() => expect(fetchMock).not.toHaveBeenCalled());
});
