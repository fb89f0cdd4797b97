import { rm } from "node:fs/promises";
import path from "node:path";
import { diffCommits } from "@/server/git/diff-commits";
import { commitAll, git, tempRepos, writeFiles, type TempRepos } from "@/test/support/git-repo";

// Diffs between two commits, against real git.

let repos: TempRepos;
beforeEach(() => {
  repos = tempRepos();
});
afterEach(() => repos.cleanup());

describe("diffCommits", () => {
  it("lists files with status and +/− counts, and gives the unified patch; binary files are reported as such", async () => {
    const longText = `${Array.from({ length: 40 }, (_, i) => `line ${i} of a file that will be renamed`).join("\n")}\n`;
    const repo = repos.repo("app", {
      "src/a.ts": "one\ntwo\nthree\n",
      "src/gone.ts": "bye\n",
      "docs/long.md": longText,
      "img.png": Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 3, 0, 0]),
      "naïve file.txt": "x\n",
    });
    const from = git(repo, "rev-parse", "HEAD");
    writeFiles(repo, {
      "src/a.ts": "one\n2\nthree\nfour\n",
      "src/new.ts": "n1\nn2\n",
      "img.png": Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 9, 9, 9, 0, 0]),
      "naïve file.txt": "y\n",
    });
    await rm(path.join(repo, "src/gone.ts"));
    git(repo, "mv", "docs/long.md", "docs/renamed.md");
    const to = commitAll(repo, "change");

    const result = await diffCommits(repo, from, to);
    if (!result.ok) throw new Error(result.error.message);
    const diff = result.value;
    expect(diff.from).toBe(from);
    expect(diff.to).toBe(to);
    const byPath = Object.fromEntries(diff.files.map((f) => [f.path, f]));
    expect(byPath["src/a.ts"]).toEqual({ path: "src/a.ts", oldPath: null, status: "modified", additions: 2, deletions: 1, binary: false });
    expect(byPath["src/new.ts"]).toMatchObject({ status: "added", additions: 2, deletions: 0 });
    expect(byPath["src/gone.ts"]).toMatchObject({ status: "deleted", additions: 0, deletions: 1 });
    expect(byPath["docs/renamed.md"]).toMatchObject({ status: "renamed", oldPath: "docs/long.md", additions: 0, deletions: 0 });
    expect(byPath["img.png"]).toMatchObject({ status: "modified", binary: true, additions: 0, deletions: 0 });
    expect(byPath["naïve file.txt"]).toMatchObject({ status: "modified", additions: 1, deletions: 1 });
    expect(diff.files).toHaveLength(6);
    expect(diff.additions).toBe(2 + 2 + 1);
    expect(diff.deletions).toBe(1 + 1 + 1);
    expect(diff.truncated).toBe(false);
    expect(diff.patch).toContain("diff --git a/src/a.ts b/src/a.ts");
    expect(diff.patch).toContain("+four");
    expect(diff.patch).toContain("rename from docs/long.md");
    expect(diff.patch).toMatch(/Binary files a\/img.png and b\/img.png differ/);
    expect(diff.patch).toContain("a/naïve file.txt"); // not quoted as octal escapes
  });

  it("caps the patch at a file boundary and says it was truncated", async () => {
    const files = Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`f${String(i).padStart(2, "0")}.txt`, "a\n".repeat(200)]));
    const repo = repos.repo("app", files);
    const from = git(repo, "rev-parse", "HEAD");
    writeFiles(repo, Object.fromEntries(Object.keys(files).map((name) => [name, "b\n".repeat(200)])));
    const to = commitAll(repo, "rewrite");

    const full = await diffCommits(repo, from, to);
    const capped = await diffCommits(repo, from, to, { maxPatchBytes: 10_000 });
    if (!full.ok || !capped.ok) throw new Error("diff failed");
    expect(full.value.truncated).toBe(false);
    expect(capped.value.truncated).toBe(true);
    expect(capped.value.patch.length).toBeLessThanOrEqual(10_000);
    expect(capped.value.patch.startsWith("diff --git a/f00.txt")).toBe(true);
    // Whole files only: every file in the cut patch ends with its last line.
    const parts = capped.value.patch.split(/^diff --git /m).filter(Boolean);
    expect(parts.length).toBeGreaterThan(0);
    for (const part of parts) expect(part.trimEnd().endsWith("+b")).toBe(true);
    expect(capped.value.files).toHaveLength(30); // the list is always complete
    expect(full.value.patch.startsWith(capped.value.patch)).toBe(true);
  });

  it("is empty between a commit and itself, and refuses unknown commits", async () => {
    const repo = repos.repo();
    const head = git(repo, "rev-parse", "HEAD");
    expect(await diffCommits(repo, head, head)).toMatchObject({ ok: true, value: { files: [], patch: "", additions: 0, deletions: 0 } });
    expect(await diffCommits(repo, head, "0".repeat(40))).toMatchObject({ ok: false, error: { kind: "unknown_ref" } });
    expect(await diffCommits(repo, "--output=/tmp/x", head)).toMatchObject({ ok: false, error: { kind: "unknown_ref" } });
  });
});
