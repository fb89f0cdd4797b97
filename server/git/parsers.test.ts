import { combineDiffListings, cutPatchAtFileBoundary, parseNameStatus, parseNumstat } from "./parse-diff-output";
import { parseWorktreeList } from "./list-worktrees";
import { driversOff, parseDriverConfig } from "./repository-drivers";

describe("diff listings", () => {
  it("parses -z name-status, renames and copies included", () => {
    expect(parseNameStatus("M\0a.ts\0R087\0old name.md\0new name.md\0A\0b\0D\0c\0C100\0x\0y\0T\0link\0")).toEqual([
      { status: "modified", oldPath: null, path: "a.ts" },
      { status: "renamed", oldPath: "old name.md", path: "new name.md" },
      { status: "added", oldPath: null, path: "b" },
      { status: "deleted", oldPath: null, path: "c" },
      { status: "copied", oldPath: "x", path: "y" },
      { status: "type_changed", oldPath: null, path: "link" },
    ]);
    expect(parseNameStatus("")).toEqual([]);
  });

  it("parses -z numstat, with renames on three fields and binary files as -", () => {
    expect(parseNumstat("3\t1\ta.ts\0" + "0\t0\t\0old\0new\0" + "-\t-\timg.png\0" + "2\t0\ttab\there\0")).toEqual([
      { additions: 3, deletions: 1, binary: false, path: "a.ts" },
      { additions: 0, deletions: 0, binary: false, path: "new" },
      { additions: 0, deletions: 0, binary: true, path: "img.png" },
      { additions: 2, deletions: 0, binary: false, path: "tab\there" },
    ]);
  });

  it("joins the two listings by position and path", () => {
    expect(combineDiffListings("M\0a\0A\0b\0", "1\t2\ta\0-\t-\tb\0")).toEqual([
      { status: "modified", oldPath: null, path: "a", additions: 1, deletions: 2, binary: false },
      { status: "added", oldPath: null, path: "b", additions: 0, deletions: 0, binary: true },
    ]);
  });

  it("cuts a truncated patch at the last file boundary, or the last whole line", () => {
    const patch = "diff --git a/x b/x\n@@ -1 +1 @@\n-a\n+b\ndiff --git a/y b/y\n@@ -1 +1 @@\n-a\n+";
    expect(cutPatchAtFileBoundary(patch)).toBe("diff --git a/x b/x\n@@ -1 +1 @@\n-a\n+b\n");
    expect(cutPatchAtFileBoundary("diff --git a/x b/x\n@@ -1,3 +1,3 @@\n-a\n+b\n c")).toBe("diff --git a/x b/x\n@@ -1,3 +1,3 @@\n-a\n+b\n");
  });
});

describe("parseWorktreeList", () => {
  it("reads git worktree list --porcelain -z", () => {
    const out =
      "worktree /repo\0HEAD " +
      "a".repeat(40) +
      "\0branch refs/heads/main\0\0" +
      "worktree /wt/x\0HEAD " +
      "b".repeat(40) +
      "\0detached\0locked\0\0" +
      "worktree /wt/y\0HEAD " +
      "c".repeat(40) +
      "\0branch refs/heads/arbor/ISSUE-1/abc\0prunable gitdir file points to non-existent location\0\0";
    expect(parseWorktreeList(out)).toEqual([
      { path: "/repo", head: "a".repeat(40), branch: "main", main: true, locked: false },
      { path: "/wt/x", head: "b".repeat(40), branch: null, main: false, locked: true },
      { path: "/wt/y", head: "c".repeat(40), branch: "arbor/ISSUE-1/abc", main: false, locked: false },
    ]);
  });
});

describe("repository drivers", () => {
  it("keeps the filter and merge drivers defined at repository scope (local, worktree, includes of those), not the person's global ones", () => {
    const output = [
      ["global", "filter.lfs.clean"],
      ["global", "filter.lfs.process"],
      ["local", "filter.crypt.smudge"],
      ["local", "filter.crypt.clean"],
      ["worktree", "merge.ours.driver"],
      ["local", "filter.dotted.name.clean"],
      ["command", "filter.cli.clean"],
      ["local", "filter.noname"],
    ]
      .map(([scope, key]) => `${scope}\0${key}\0`)
      .join("");
    expect(parseDriverConfig(output)).toEqual({ filters: ["crypt", "dotted.name"], merges: ["ours"] });
    expect(parseDriverConfig("")).toEqual({ filters: [], merges: [] });
  });

  it("turns them off: empty filter commands, not required; a failing merge driver (a conflict, never a silent 'ours')", () => {
    expect(driversOff({ filters: ["crypt"], merges: ["ours"] })).toEqual([
      ["filter.crypt.clean", ""],
      ["filter.crypt.smudge", ""],
      ["filter.crypt.process", ""],
      ["filter.crypt.required", "false"],
      ["merge.ours.driver", "exit 1"],
    ]);
  });
});
