import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import type { ExecutionDiff } from "@/lib/diff/types";
import type { ExecutionDto } from "@/lib/executions/schema";
import { makeExecution } from "@/test/support/execution-fixtures";
import { ExecutionDiffPanel } from "./execution-diff-panel";

// The execution page's Files panel: the diff (file list, unified/split) and "Apply to <base branch>".

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

function renderPanel(execution: ExecutionDto, replies: { diff?: Reply; apply?: Reply } = {}) {
  fetchMock = jest.fn(async (url: string, init?: RequestInit) => {
    if (url.endsWith("/diff")) return respond(replies.diff ?? { status: 200, body: { ...diff, executionId: execution.id } });
    if (url.endsWith("/apply") && init?.method === "POST") return respond(replies.apply ?? { status: 500, body: {} });
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

test("Apply to the base branch: merge by default, squash on request, success said in words", async () => {
  const execution = withSnapshot();
  renderPanel(execution, {
    apply: {
      status: 200,
      body: { executionId: execution.id, status: "applied", strategy: "squash", baseBranch: "main", previousHead: START, commit: "c".repeat(40), message: "m" },
    },
  });
  await screen.findByRole("list", { name: "Changed files" });
  fireEvent.click(screen.getByRole("radio", { name: /Squash/ }));
  fireEvent.click(screen.getByRole("button", { name: "Apply to main" }));
  expect(await screen.findByRole("status")).toHaveTextContent(`Applied to main (squash): now at ${"c".repeat(12)}.`);
  const [, init] = fetchMock.mock.calls.find(([url]) => String(url).endsWith("/apply"))!;
  expect(JSON.parse(init.body)).toEqual({ strategy: "squash" });
});

test("a refused apply lists the conflicting files and says nothing changed", async () => {
  renderPanel(withSnapshot(), {
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
  fireEvent.click(screen.getByRole("button", { name: "Apply to main" }));
  const alert = await screen.findByRole("alert");
  expect(alert).toHaveTextContent("Not applied: nothing was changed");
  expect(within(alert).getByRole("list", { name: "Conflicting files" })).toHaveTextContent("plan.txtsrc/a.ts");
  const [, init] = fetchMock.mock.calls.find(([url]) => String(url).endsWith("/apply"))!;
  expect(JSON.parse(init.body)).toEqual({ strategy: "merge" });
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
