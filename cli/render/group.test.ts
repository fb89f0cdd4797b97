import { renderFanOutCreated, renderGroup, renderGroupList } from "./group";
import { plain } from "./style";
import type { Group } from "../types";

const A = "3f2a9c1e-0000-4000-8000-000000000001";
const B = "8b7d6e5f-0000-4000-8000-000000000002";

const group: Group = {
  id: "GRP-3",
  issueId: "ISSUE-1",
  prompt: "Fix the login bug",
  sourceExecutionId: null,
  startSha: "a1b2c3d4e5f6",
  projectId: "PROJ-1",
  pickedExecutionId: A,
  pickedAt: null,
  createdAt: "2026-11-27T10:00:00.000Z",
  queueNote: null,
  members: [
    {
      execution: {
        id: A,
        agent: "claude",
        model: null,
        status: "completed",
        usage: { inputTokens: 1234, outputTokens: 567, costUsd: 0.0123 },
        worktree: { changes: { files: 2, additions: 12, deletions: 3 } },
      },
      finalAnswer: "Fixed it.\nline 2\nline 3\nline 4\nline 5\nline 6\nline 7",
      timeToFirstOutputMs: 2100,
      totalMs: 41_000,
      archived: false,
      queuedBehind: null,
    },
    {
      execution: { id: B, agent: "codex", model: "gpt-5.5", status: "queued", usage: null, worktree: null },
      finalAnswer: null,
      timeToFirstOutputMs: null,
      totalMs: null,
      archived: true,
      queuedBehind: 2,
    },
  ],
};

describe("renderGroup", () => {
  it("puts the members side by side, then each one's final answer (its first lines)", () => {
    expect(renderGroup(group, plain, "http://h/groups/GRP-3")).toEqual([
      "Group GRP-3 · ISSUE-1 · 2 members · new runs from a1b2c3d",
      "  prompt  Fix the login bug",
      "  picked  3f2a9c1e",
      "  page    http://h/groups/GRP-3",
      "",
      "id        agent   model    status     files             tokens in/out  cost     first out  total",
      "3f2a9c1e  claude  —        completed  +12 −3 (2 files)  1,234/567      $0.0123  2.1s       41.0s  ★ picked",
      "8b7d6e5f  codex   gpt-5.5  queued     —                 —              —        —          —      archived, waits behind 2",
      "",
      "── 3f2a9c1e claude (completed)",
      "  Fixed it.",
      "  line 2",
      "  line 3",
      "  line 4",
      "  line 5",
      "  line 6",
      "  … 1 more line(s): arbor show 3f2a9c1e",
      "",
      "── 8b7d6e5f codex · gpt-5.5 (queued)",
      "  (no answer yet)",
    ]);
  });

  it("tolerates a server that sends less", () => {
    expect(renderGroup({ id: "GRP-1" }, plain, "u")[0]).toBe("Group GRP-1 · 0 members · new runs");
  });
});

describe("renderFanOutCreated / renderGroupList", () => {
  it("names the group, each member (short id, agent, model) and the page", () => {
    expect(
      renderFanOutCreated({ ...group, sourceExecutionId: A, queueNote: "1 of 2 members waits for a free runner slot" }, plain, "http://h/groups/GRP-3"),
    ).toEqual([
      "Group GRP-3 · ISSUE-1 · 2 members · forks of 3f2a9c1e",
      "  3f2a9c1e  claude  (default model)  completed",
      "  8b7d6e5f  codex   gpt-5.5          queued",
      "  1 of 2 members waits for a free runner slot",
      "  compare them: http://h/groups/GRP-3  or  arbor group GRP-3",
    ]);
  });

  it("lists groups one a line", () => {
    const [line] = renderGroupList(
      [
        {
          id: "GRP-3",
          prompt: "Fix it",
          createdAt: null,
          pickedExecutionId: B,
          members: [
            { agent: "claude", model: null, status: "completed" },
            { agent: "codex", model: "gpt-5.5", status: "failed" },
          ],
        },
      ],
      plain,
    );
    expect(line).toBe('GRP-3    "Fix it"  claude completed, codex:gpt-5.5 failed  ★ 8b7d6e5f');
  });
});
