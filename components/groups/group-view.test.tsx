import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { GroupView } from "@/components/groups/group-view";
import type { GroupDto, GroupMember } from "@/lib/groups/schema";
import { makeExecution } from "@/test/support/execution-fixtures";
import { seedAgents } from "@/test/support/agent-fixtures";
import { makeProject, seedProjects } from "@/test/support/project-fixtures";

// The group page: the members side by side with status, agent and model,
// final answer, files, tokens, cost and times; the queue note while members
// wait; Pick with its options; Cancel while any runs; API errors as said.

type Reply = { status: number; body: unknown };
const respond = ({ status, body }: Reply) => ({ ok: status < 400, status, statusText: "", text: async () => JSON.stringify(body) });

const worktree = {
  path: "/w",
  branch: "arbor/ISSUE-1/x",
  state: "present" as const,
  startSha: "s0",
  snapshotSha: "s1",
  changes: { files: 2, additions: 7, deletions: 1 },
};

function member(over: Partial<GroupMember> & { agent?: string; model?: string | null; status?: GroupMember["execution"]["status"] }): GroupMember {
  const { agent = "claude", model = null, status = "completed", ...rest } = over;
  return {
    execution: makeExecution({ agent, model, status, groupId: "GRP-3", projectId: "PROJ-1", worktree }),
    finalAnswer: status === "completed" ? `Answer from ${agent}` : null,
    timeToFirstOutputMs: 1200,
    totalMs: status === "completed" ? 9000 : null,
    archived: false,
    queuedBehind: null,
    ...rest,
  };
}

function group(members: GroupMember[], over: Partial<GroupDto> = {}): GroupDto {
  return {
    id: "GRP-3",
    issueId: "ISSUE-1",
    prompt: "add a login page",
    sourceExecutionId: null,
    startSha: "abcdef1234567890",
    projectId: "PROJ-1",
    pickedExecutionId: null,
    pickedAt: null,
    createdAt: "2026-01-01T12:00:00.000Z",
    members,
    queueNote: null,
    ...over,
  };
}

const diff = (id: string) => ({
  executionId: id,
  projectId: "PROJ-1",
  branch: "arbor/ISSUE-1/x",
  baseBranch: "main",
  from: "s0",
  to: "s1",
  files: [{ path: "src/login.ts", oldPath: null, status: "added", additions: 7, deletions: 1, binary: false }],
  additions: 7,
  deletions: 1,
  patch: "",
  truncated: false,
  maxPatchBytes: 1000,
});

let posted: { url: string; body: unknown }[] = [];
function renderGroup(initial: GroupDto, onPost: (url: string, body: Record<string, unknown>) => Reply) {
  posted = [];
  global.fetch = jest.fn(async (url: string, init?: RequestInit) => {
    if (init?.method === "POST") {
      const body = init.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
      posted.push({ url, body });
      return respond(onPost(url, body));
    }
    if (url.includes("/api/groups/GRP-3")) return respond({ status: 200, body: initial });
    const d = /\/api\/executions\/([^/]+)\/diff/.exec(url);
    if (d) return respond({ status: 200, body: diff(d[1]) });
    return respond({ status: 404, body: { error: { code: "not_found", message: "no" } } });
  }) as unknown as typeof fetch;
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  seedAgents(client);
  seedProjects(client, [makeProject()]);
  return render(
    <QueryClientProvider client={client}>
      <GroupView id="GRP-3" />
    </QueryClientProvider>,
  );
}

it("shows every member side by side with its agent, model, answer, files, tokens, cost and times", async () => {
  const a = member({ agent: "claude", model: "sonnet" });
  const b = member({ agent: "codex", model: "gpt-5.5" });
  renderGroup(group([a, b]), () => ({ status: 500, body: {} }));
  const list = await screen.findByRole("list", { name: "Members of GRP-3" });
  const columns = within(list).getAllByRole("article");
  expect(columns).toHaveLength(2);
  expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("GRP-3 · 2 agents");
  const first = within(columns[0]);
  expect(first.getByText("Claude Code")).toBeInTheDocument();
  expect(first.getByText("sonnet")).toBeInTheDocument();
  expect(first.getByText("Answer from claude")).toBeInTheDocument();
  expect(first.getByText("100 in / 20 out")).toBeInTheDocument();
  expect(first.getByText("$0.0012")).toBeInTheDocument();
  expect(first.getByText("1.2 s")).toBeInTheDocument();
  expect(first.getByText("9.0 s")).toBeInTheDocument();
  expect(await first.findByRole("list", { name: `Files changed by #${a.execution.id.slice(0, 8)}` })).toHaveTextContent("src/login.ts");
  expect(within(columns[1]).getByText("gpt-5.5")).toBeInTheDocument();
  // No Cancel once everything ended.
  expect(screen.queryByRole("button", { name: "Cancel group" })).toBeNull();
});

it("says why members wait and cancels the group while any runs", async () => {
  const running = member({ status: "running" });
  const queued = member({ status: "queued", queuedBehind: 2, timeToFirstOutputMs: null });
  const live = group([running, queued], { queueNote: "1 of 2 members waits for a free runner slot (capacity 1)" });
  renderGroup(live, () => ({
    status: 200,
    body: { group: { ...live, members: live.members.map((m) => ({ ...m, execution: { ...m.execution, status: "cancelled" } })) }, cancelled: [] },
  }));
  expect(await screen.findByText("1 of 2 members waits for a free runner slot (capacity 1)")).toBeInTheDocument();
  expect(screen.getByText("waits behind 2")).toBeInTheDocument();
  expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("GRP-3 · 2 runs");
  expect(screen.getByRole("button", { name: `Pick #${running.execution.id.slice(0, 8)}` })).toBeDisabled();
  await userEvent.click(screen.getByRole("button", { name: "Cancel group" }));
  await waitFor(() => expect(posted[0]?.url).toMatch(/\/api\/groups\/GRP-3\/cancel$/));
  // The answer lands: no member runs any more, so there is nothing to cancel, and each says so.
  await waitFor(() => expect(screen.queryByRole("button", { name: /Cancel/ })).toBeNull());
  expect(screen.getAllByText(/cancelled/i).length).toBeGreaterThanOrEqual(2);
});

it("picks a member with apply and archive, shows the API's message when apply fails, then the applied commit", async () => {
  const user = userEvent.setup();
  const a = member({ agent: "claude" });
  const b = member({ agent: "codex" });
  const initial = group([a, b]);
  let conflicts = true;
  renderGroup(initial, (_url, body) => {
    if (conflicts) {
      conflicts = false;
      return { status: 409, body: { error: { code: "conflict", message: "Applying #x to main conflicts in src/login.ts" } } };
    }
    return {
      status: 200,
      body: {
        group: { ...initial, pickedExecutionId: body.executionId, members: [initial.members[0], { ...initial.members[1], archived: true }] },
        applied: { branch: "main", commit: "0123456789abcdef" },
        archived: [b.execution.id],
      },
    };
  });
  const short = a.execution.id.slice(0, 8);
  await user.click(await screen.findByRole("button", { name: `Pick #${short}` }));
  const options = screen.getByRole("group", { name: `Pick #${short}` });
  await user.click(within(options).getByLabelText("Apply it to the base branch (main)"));
  await user.click(within(options).getByLabelText(/Archive the others/));
  await user.click(within(options).getByRole("button", { name: `Confirm pick #${short}` }));
  expect(await screen.findByText("Applying #x to main conflicts in src/login.ts")).toBeInTheDocument();
  expect(posted[0]).toEqual({ url: "/api/groups/GRP-3/pick", body: { executionId: a.execution.id, apply: true, archiveOthers: true } });

  await user.click(within(options).getByRole("button", { name: `Confirm pick #${short}` }));
  expect(await screen.findByText(/applied to main as/)).toHaveTextContent(
    `Picked #${short} · applied to main as 0123456789 · archived #${b.execution.id.slice(0, 8)}`,
  );
  const columns = screen.getAllByRole("article");
  expect(within(columns[0]).getByText("Picked")).toBeInTheDocument();
  expect(within(columns[1]).getByText("Archived")).toBeInTheDocument();
});

it("shows each member's check: which one works before picking", async () => {
  const checkOf = (status: "passed" | "failed", summary: string) => ({
    status,
    exitCode: status === "passed" ? 0 : 1,
    durationMs: 2000,
    summary,
    command: "npm test",
    snapshotSha: "s1",
    reusedFromExecutionId: null,
    startedAt: "2026-01-01T12:00:00.000Z",
  });
  const a = member({ agent: "claude" });
  const b = member({ agent: "codex" });
  a.execution = { ...a.execution, check: checkOf("passed", "passed in 2.0 s") };
  b.execution = { ...b.execution, check: checkOf("failed", "failed (exit 1) in 2.0 s: 1 failing") };
  renderGroup(group([a, b]), () => ({ status: 500, body: {} }));
  const columns = within(await screen.findByRole("list", { name: "Members of GRP-3" })).getAllByRole("article");
  expect(within(columns[0]).getByText("check passed")).toBeInTheDocument();
  expect(within(columns[0]).getByText("passed in 2.0 s")).toBeInTheDocument();
  expect(within(columns[1]).getByText("check failed")).toBeInTheDocument();
  expect(within(columns[1]).getByText("failed (exit 1) in 2.0 s: 1 failing")).toBeInTheDocument();
});
