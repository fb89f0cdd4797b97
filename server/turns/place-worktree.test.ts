import { placeWorktree, type Placement, type PlacementFacts } from "@/server/turns/place-worktree";

// Where a turn's files are: the files branch exactly where the conversation does.

const project = { isGitRepo: true, baseBranch: "main" };
const parentWorktree = {
  worktreePath: "/wt/ISSUE-1/p",
  worktreeBranch: "arbor/ISSUE-1/p",
  worktreeState: "present" as const,
  snapshotSha: "parent-snapshot",
  startSha: "parent-start",
  onDisk: true,
};
const newRun: PlacementFacts = {
  execution: { cwd: "/repo", sharedDirectory: false, startSha: "chosen", forkedFromExecutionId: null },
  project,
  parent: null,
  forkSource: null,
};
const continueRun: PlacementFacts = { ...newRun, execution: { ...newRun.execution, startSha: null }, parent: parentWorktree };
const forkRun: PlacementFacts = {
  ...newRun,
  execution: { ...newRun.execution, startSha: null, forkedFromExecutionId: "source" },
  forkSource: { snapshotSha: "source-snapshot", startSha: "source-start" },
};

describe("placeWorktree", () => {
  it.each<[string, PlacementFacts, Placement]>([
    ["a run without a project works in its recorded cwd", { ...newRun, project: null }, { kind: "shared", cwd: "/repo" }],
    ["a run in a directory that is not git works there", { ...newRun, project: { isGitRepo: false, baseBranch: null } }, { kind: "shared", cwd: "/repo" }],
    [
      "a run in the project's shared directory works there",
      { ...newRun, execution: { ...newRun.execution, sharedDirectory: true } },
      { kind: "shared", cwd: "/repo" },
    ],
    ["a new run starts at the commit chosen when it was created", newRun, { kind: "create", from: "chosen" }],
    [
      "a new run with none starts at the base branch, by its full name",
      { ...newRun, execution: { ...newRun.execution, startSha: null } },
      { kind: "create", from: "refs/heads/main" },
    ],
    [
      "a project without a base branch has nowhere to start",
      { ...newRun, execution: { ...newRun.execution, startSha: null }, project: { isGitRepo: true, baseBranch: null } },
      { kind: "create", from: null },
    ],
    [
      "a Continue goes on in its parent's worktree (or from its snapshot, if that cannot be recorded)",
      continueRun,
      { kind: "reuse", path: "/wt/ISSUE-1/p", branch: "arbor/ISSUE-1/p", from: "parent-snapshot" },
    ],
    [
      "a Continue whose parent's worktree vanished starts from the parent's snapshot",
      { ...continueRun, parent: { ...parentWorktree, onDisk: false } },
      { kind: "create", from: "parent-snapshot" },
    ],
    [
      "a Continue whose parent's worktree was removed starts from the parent's snapshot",
      { ...continueRun, parent: { ...parentWorktree, worktreeState: "removed" } },
      { kind: "create", from: "parent-snapshot" },
    ],
    [
      "… or from the parent's start when it has no snapshot",
      { ...continueRun, parent: { ...parentWorktree, worktreeState: "missing", snapshotSha: null } },
      { kind: "create", from: "parent-start" },
    ],
    ["a Fork starts from its source's snapshot", forkRun, { kind: "create", from: "source-snapshot" }],
    [
      "a Fork whose source has no snapshot starts from the source's start",
      { ...forkRun, forkSource: { snapshotSha: null, startSha: "source-start" } },
      { kind: "create", from: "source-start" },
    ],
    ["a Fork whose source is gone starts at the base branch", { ...forkRun, forkSource: null }, { kind: "create", from: "refs/heads/main" }],
  ])("%s", (_, facts, expected) => {
    expect(placeWorktree(facts)).toEqual(expected);
  });
});
