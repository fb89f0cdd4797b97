import { mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import * as applyRoute from "@/app/api/executions/[id]/apply/route";
import * as diffRoute from "@/app/api/executions/[id]/diff/route";
import * as compareRoute from "@/app/api/compare/diff/route";
import * as projectsRoute from "@/app/api/projects/route";
import * as projectRoute from "@/app/api/projects/[id]/route";
import type { Project } from "@/lib/projects/types";
import { prisma } from "@/server/db";
import { resetDb } from "@/test/support/db";
import { makeIssue } from "@/test/support/factories";
import { commitAll, git, tempRepos, writeFiles, type TempRepos } from "@/test/support/git-repo";
import { runArbor, type RouteTable } from "@/test/support/cli-in-process";
import { setEnv } from "@/test/support/route-call";
import { simulateRun } from "@/test/support/simulated-run";

// `arbor project …`, `arbor diff` and `arbor apply` against the real route
// handlers, database and git (the CLI's fetch is routed to the handlers in-process).

const ROUTES: RouteTable = [
  [/^\/api\/projects$/, projectsRoute],
  [/^\/api\/projects\/([^/]+)$/, projectRoute],
  [/^\/api\/executions\/([^/]+)\/diff$/, diffRoute],
  [/^\/api\/executions\/([^/]+)\/apply$/, applyRoute],
  [/^\/api\/compare\/diff$/, compareRoute],
];

let repos: TempRepos;
let restoreEnv: () => void;

const arbor = (...argv: string[]) => runArbor(ROUTES, argv, { cwd: repos.root });

beforeAll(async () => {
  await resetDb();
  repos = tempRepos("arbor-cli-projects-");
  mkdirSync(path.join(repos.root, "workspace"));
  restoreEnv = setEnv({
    ARBOR_WORKSPACE: path.join(repos.root, "workspace"),
    ARBOR_WORKSPACE_ROOTS: repos.root,
    ARBOR_DATA_DIR: path.join(repos.root, "data"),
  });
});
afterAll(async () => {
  restoreEnv();
  repos.cleanup();
  await prisma.$disconnect();
});

test("project add (relative path), list, show, remove; bad input is named", async () => {
  const repo = repos.repo("shop");
  const added = await arbor("project", "add", "shop", "--name", "Shop");
  expect(added).toEqual({ code: 0, stderr: "", stdout: `Registered PROJ-1: Shop (git repository, base branch main) at ${repo}\n` });

  const listed = await arbor("project", "list");
  expect(listed.code).toBe(0);
  expect(listed.stdout).toContain(`PROJ-1   Shop               git · main  ${repo}  0 issues`);
  expect(listed.stdout).toContain(`default  Default workspace  directory   ${path.join(repos.root, "workspace")}  0 issues  (implicit)`);

  const shown = await arbor("project", "show", "proj-1");
  expect(shown.stdout.split("\n").slice(0, 5)).toEqual([
    "PROJ-1  Shop",
    `  path          ${repo}`,
    "  kind          git repository: a worktree per line of work",
    "  base branch   main",
    "  uses          0 specs, 0 issues, 0 executions",
  ]);
  expect(shown.stdout).toContain("worktrees     0, 0 B on disk");

  const outside = await arbor("project", "add", "/");
  expect(outside.code).toBe(1);
  expect(outside.stderr).toMatch(/^arbor: path: \/ is outside the allowed workspace roots/);
  const again = await arbor("project", "add", "shop", "--base-branch", "release");
  expect(again.code).toBe(1);
  expect(again.stderr).toMatch(/already registered as PROJ-1/);

  const removed = await arbor("project", "remove", "PROJ-1");
  expect(removed).toMatchObject({ code: 0, stdout: "Removed PROJ-1 (its directory and repository are untouched)\n" });
  expect((await arbor("project", "show", "PROJ-1")).stderr).toBe("arbor: Project PROJ-1 not found\n");
});

test("diff prints the file list and the patch; apply merges, squashes, and lists conflicting files", async () => {
  const repo = repos.repo("app", { "plan.txt": "original\n" });
  const added = await arbor("project", "add", repo, "--json");
  const project = JSON.parse(added.stdout) as Project;
  const issue = await makeIssue({ projectId: project.id });
  const a = await simulateRun({ project, issueId: issue.id, files: { "plan.txt": "alternative A\n", "notes/a.md": "a\n" } });
  const b = await simulateRun({ project, issueId: issue.id, files: { "plan.txt": "alternative B\n" } });

  const one = await arbor("diff", a.id);
  expect(one.code).toBe(0);
  const lines = one.stdout.split("\n");
  expect(lines.slice(0, 4)).toEqual([
    `${a.id.slice(0, 8)}: start → snapshot (${a.startSha!.slice(0, 12)}..${a.snapshotSha!.slice(0, 12)})`,
    "A  notes/a.md  +1 −0",
    "M  plan.txt  +1 −1",
    "2 files changed, +2 −1",
  ]);
  expect(one.stdout).toContain("diff --git a/plan.txt b/plan.txt\n");
  expect(one.stdout).toContain("-original\n+alternative A\n");
  expect((await arbor("diff", a.id, "--stat")).stdout).not.toContain("diff --git");
  const between = await arbor("diff", a.id, b.id, "--stat");
  expect(between.stdout.split("\n").slice(1, 4)).toEqual(["D  notes/a.md  +0 −1", "M  plan.txt  +1 −1", "2 files changed, +1 −2"]);

  const applied = await arbor("apply", a.id);
  expect(applied.code).toBe(0);
  expect(applied.stdout).toMatch(new RegExp(`^Applied ${a.id.slice(0, 8)} to main \\(merge\\): [0-9a-f]{12} → [0-9a-f]{12}\\n$`));
  expect(readFileSync(path.join(repo, "plan.txt"), "utf8")).toBe("alternative A\n");

  const conflict = await arbor("apply", b.id, "--squash");
  expect(conflict.code).toBe(1);
  expect(conflict.stderr).toBe("arbor: Applying would conflict with main in 1 file (plan.txt); nothing was changed\n  plan.txt\n");

  writeFiles(repo, { "plan.txt": "alternative B\n" });
  commitAll(repo, "take B by hand");
  expect((await arbor("apply", b.id, "--squash", "-m", "B")).stdout).toMatch(/^main already has these changes/);
  expect(git(repo, "log", "-1", "--format=%s")).toBe("take B by hand");
  expect((await arbor("diff", "00000000-0000-4000-8000-000000000000")).stderr).toMatch(/Execution 00000000-0000-4000-8000-000000000000 not found/);
});
