import { existsSync, readFileSync, symlinkSync } from "node:fs";
import path from "node:path";
import { CopyBudget, isSafeRelativePath, worktreeIncludePatterns } from "@/server/runner/workspace/copy-rules";
import { copyIgnoredFiles } from "@/server/runner/workspace/copy-files";
import { git, tempRepos, writeFiles, type TempRepos } from "@/test/support/git-repo";

// What a new worktree gets from its main checkout: git matches the patterns
// (gitignore syntax), and only untracked regular files the worktree ignores
// are copied, never over anything, never through a link.

describe("the pure rules", () => {
  it("reads a .worktreeinclude as git reads a .gitignore", () => {
    expect(worktreeIncludePatterns("# secrets\n.env\n\n  \nconfig/*.local.json   \r\n!keep.env\nescaped\\ \n")).toEqual([
      ".env",
      "config/*.local.json",
      "!keep.env",
      "escaped\\ ",
    ]);
  });

  it("joins only plain relative paths", () => {
    for (const ok of [".env", "a/b/.env.local", "dir/x"]) expect(isSafeRelativePath(ok)).toBe(true);
    for (const bad of ["", ":(glob)*", "/etc/passwd", "../x", "a/../../x", "a//b", "./x", "a\\b", "x\0y"]) expect(isSafeRelativePath(bad)).toBe(false);
  });

  it("bounds the copies by count and bytes", () => {
    const budget = new CopyBudget({ maxFiles: 2, maxBytes: 10 });
    expect([budget.take(4), budget.take(7), budget.take(6), budget.take(0), budget.take(1)]).toEqual([true, false, true, false, false]);
  });
});

describe("copyIgnoredFiles (real git)", () => {
  let repos: TempRepos;
  let repo: string;
  let wt: string;
  let lines: string[];
  const log = (_kind: string, data: Record<string, unknown>) => lines.push(String(data.message ?? data.text));

  beforeEach(() => {
    repos = tempRepos("arbor-copy-");
    repo = repos.repo("app", {
      ".gitignore": ".env*\n*.local.json\nsecrets/\n",
      "README.md": "# app\n",
      "tracked.local.json": "from the commit\n",
      ".worktreeinclude": "# config too\nconfig/*.local.json\n",
    });
    git(repo, "add", "--force", "tracked.local.json");
    git(repo, "commit", "--quiet", "-m", "tracked");
    writeFiles(repo, {
      ".env": "SECRET=1\n",
      "packages/api/.env": "API=1\n",
      "config/app.local.json": "{}\n",
      "tracked.local.json": "changed in main\n",
      "notes.txt": "not ignored\n",
      "secrets/key": "k\n",
    });
    symlinkSync("/etc/hostname", path.join(repo, ".env.link"));
    wt = path.join(repos.root, "wt");
    git(repo, "worktree", "add", "--quiet", "-b", "line", wt, "main");
    lines = [];
  });
  afterEach(() => repos.cleanup());

  it("copies copyFiles' and .worktreeinclude's ignored files, nothing tracked, not ignored or linked", async () => {
    const { copied } = await copyIgnoredFiles({ repo, worktree: wt, copyFiles: [".env*", "notes.txt", "tracked.local.json"], log });
    expect(copied).toEqual([".env", "config/app.local.json", "packages/api/.env"]);
    expect(readFileSync(path.join(wt, ".env"), "utf8")).toBe("SECRET=1\n");
    expect(readFileSync(path.join(wt, "tracked.local.json"), "utf8")).toBe("from the commit\n");
    expect(existsSync(path.join(wt, "notes.txt"))).toBe(false);
    expect(existsSync(path.join(wt, ".env.link"))).toBe(false);
    expect(existsSync(path.join(wt, "secrets/key"))).toBe(false);
    expect(lines).toEqual(
      expect.arrayContaining([
        "Copied .env from the main checkout",
        "Not copied: .env.link (it is a symbolic link)",
        expect.stringMatching(/^Not copied: notes.txt/),
      ]),
    );
    expect(git(wt, "status", "--porcelain")).toBe("");
  });

  it("a negated pattern takes a file back; the bound stops the rest and says so", async () => {
    expect((await copyIgnoredFiles({ repo, worktree: wt, copyFiles: ["**/.env", "!packages/api/.env"], log })).copied).toEqual([
      ".env",
      "config/app.local.json",
    ]);
    const second = path.join(repos.root, "wt2");
    git(repo, "worktree", "add", "--quiet", "-b", "line2", second, "main");
    const bounded = await copyIgnoredFiles({ repo, worktree: second, copyFiles: [".env"], log, limits: { maxFiles: 10, maxBytes: 10 } });
    expect(bounded.copied).toEqual([".env"]);
    expect(lines).toContain("Copying stopped at 10 files or 0 MiB: config/app.local.json and the rest were not copied into the worktree");
  });
});
