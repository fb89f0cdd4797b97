import type { Execution } from "../types";
import { renderList } from "./list";
import { plain } from "./style";
import { issueSessions, renderIssueDetail, renderSpecDetail } from "./work-items";

const exec = (id: string, managedSessionId: string | null, extra: Partial<Execution> = {}): Execution => ({
  id,
  managedSessionId,
  sessionId: managedSessionId ? `0f1e2d3c-${id}` : null,
  status: "completed",
  prompt: `prompt of ${id}`,
  ...extra,
});

const issue = {
  id: "ISSUE-3",
  title: "Login is broken",
  body: "## Steps\n\n1. log in\n",
  status: "in_progress",
  priority: "high",
  specId: "SPEC-1",
  spec: { id: "SPEC-1", title: "Authentication" },
  projectId: "PROJ-2",
  createdAt: "2026-01-01T12:00:00.000Z",
  updatedAt: "2026-01-01T12:00:00.000Z",
};

describe("issue and spec pages", () => {
  it("groups an issue's executions into its sessions, in the order they started", () => {
    const executions = [
      exec("aaaaaaaa-1", "SESS-1"),
      exec("bbbbbbbb-2", "SESS-1", { parentExecutionId: "aaaaaaaa-1", status: "failed" }),
      exec("cccccccc-3", "SESS-2", { forkedFromExecutionId: "aaaaaaaa-1" }),
      exec("dddddddd-4", null, { status: "queued" }),
    ];
    const { sessions, loose } = issueSessions(executions);
    expect(sessions.map((s) => [s.id, s.turns, s.latest.id, s.prompt, s.forked])).toEqual([
      ["SESS-1", 2, "bbbbbbbb-2", "prompt of aaaaaaaa-1", false],
      ["SESS-2", 1, "cccccccc-3", "prompt of cccccccc-3", true],
    ]);
    expect(loose.map((e) => e.id)).toEqual(["dddddddd-4"]);
  });

  it("shows an issue: facts, text, sessions by SESS-n, what cites it", () => {
    const lines = renderIssueDetail(
      issue,
      [
        exec("aaaaaaaa-1", "SESS-1"),
        exec("bbbbbbbb-2", "SESS-1", { status: "failed" }),
        exec("cccccccc-3", "SESS-12", { forkedFromExecutionId: "aaaaaaaa-1" }),
        exec("dddddddd-4", null, { status: "queued" }),
      ],
      [{ type: "spec", id: "SPEC-4", title: "Auth notes" }],
      plain,
    );
    expect(lines.filter((l) => !l.startsWith("  created"))).toEqual([
      "ISSUE-3  Login is broken",
      "  status    in progress · priority high",
      "  project   PROJ-2",
      "  spec      SPEC-1  Authentication",
      "",
      "  ## Steps",
      "",
      "  1. log in",
      "",
      "Sessions (2)",
      '  SESS-1   failed       2 turns   latest bbbbbbbb  "prompt of aaaaaaaa-1"',
      '  SESS-12  completed    1 turn    latest cccccccc  "prompt of cccccccc-3"  (fork)',
      "  not in a session (yet): dddddddd queued",
      "",
      "Referenced by (1)",
      "  SPEC-4  Auth notes",
      "",
      "The tree: arbor tree ISSUE-3 · a turn: arbor show <id>",
    ]);
    expect(lines.join("\n")).not.toContain("0f1e2d3c");
  });

  it("says when an issue has no text, no spec, no project and no sessions", () => {
    const bare = { ...issue, body: "", spec: null, specId: null, projectId: null };
    expect(renderIssueDetail(bare, [], [], plain).filter((l) => !l.startsWith("  created"))).toEqual([
      "ISSUE-3  Login is broken",
      "  status    in progress · priority high",
      "  project   default workspace",
      "  spec      none",
      "",
      "  (no text)",
      "",
      "Sessions (0)",
      '  none yet: arbor run <ISSUE> "<prompt>" starts one',
    ]);
  });

  it("shows a spec with its issues", () => {
    const spec = { id: "SPEC-1", title: "Authentication", body: "Users log in.", projectId: null, createdAt: "2026-01-01T12:00:00.000Z" };
    const lines = renderSpecDetail(spec, [issue, { ...issue, id: "ISSUE-10", status: "open", title: "Sessions expire" }], [], plain);
    expect(lines.filter((l) => !l.startsWith("  created"))).toEqual([
      "SPEC-1  Authentication",
      "  project   default workspace",
      "",
      "  Users log in.",
      "",
      "Issues (2)",
      "  ISSUE-3   in_progress  Login is broken",
      "  ISSUE-10  open         Sessions expire",
    ]);
    expect(renderSpecDetail({ ...spec, body: null }, [], [], plain).at(-1)).toBe('  none yet: arbor issue create "<title>" --spec SPEC-1');
  });

  it("lists with a project column only when something is in a project", () => {
    expect(
      renderList(
        [
          { id: "ISSUE-2", status: "open", projectId: "PROJ-1", title: "In a project" },
          { id: "ISSUE-1", status: "done", projectId: null, title: "In the default workspace" },
        ],
        plain,
      ),
    ).toEqual(["ISSUE-2  open  PROJ-1   In a project", "ISSUE-1  done  default  In the default workspace"]);
    expect(renderList([{ id: "SPEC-1", projectId: null, title: "Auth" }], plain)).toEqual(["SPEC-1  Auth"]);
  });
});
