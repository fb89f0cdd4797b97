import { mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import * as applyRoute from "@/app/api/executions/[id]/apply/route";
import * as previewRoute from "@/app/api/executions/[id]/apply-preview/route";
import * as diffRoute from "@/app/api/executions/[id]/diff/route";
import * as compareRoute from "@/app/api/compare/diff/route";
import * as projectsRoute from "@/app/api/projects/route";
import * as projectRoute from "@/app/api/projects/[id]/route";
import type { Project } from "@/lib/projects/schema";
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
  [/^\/api\/executions\/([^/]+)\/apply-preview$/, previewRoute],
  [/^\/api\/compare\/diff$/, compareRoute],
];

let repos: TempRepos;
let restoreEnv: () => void;

const arbor = (...argv: string[]) => runArbor(ROUTES, argv, { cwd: repos.root });
/** The same with a person at a terminal typing `answer` when asked. */
const arborAsked = (answer: string, ...argv: string[]) => runArbor(ROUTES, argv, { cwd: repos.root, answer });

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

test("project add (relative path), list, show, edit, archive, unarchive, remove; bad input is named", async () => {
  const repo = repos.repo("shop");
  const added = await arbor("project", "add", "shop", "--name", "Shop");
  expect(added).toEqual({ code: 0, stderr: "", stdout: `Registered PROJ-1: Shop (git repository, base branch main) at ${repo}\n` });

  const listed = await arbor("project", "list");
  expect(listed.code).toBe(0);
  expect(listed.stdout).toContain(`PROJ-1   Shop               git · main  ${repo}  0 issues`);
  expect(listed.stdout).toContain(`default  Default workspace  directory   ${path.join(repos.root, "workspace")}  0 issues  (implicit)`);

  const shown = await arbor("project", "show", "proj-1");
  expect(shown.stdout.split("\n").slice(0, 11)).toEqual([
    "PROJ-1  Shop",
    `  path          ${repo}`,
    "  kind          git repository: a worktree per line of work",
    "  base branch   main",
    "  default agent Arbor's default (Claude Code)",
    "  agents may    each agent's default (ask where it can ask you, else edit files only)",
    "  apply hooks   off: Apply runs nothing of the repository",
    "  mcp server    on: agents may consult Arbor (search sessions, read issues and specs, cite them)",
    '  check         none (arbor project edit --check "npm test")',
    "  remote        origin (when the repository has one)",
    "  uses          0 specs, 0 issues, 0 executions",
  ]);
  expect(shown.stdout).toContain("worktrees     0, 0 B on disk");

  // Closing the loop: the check and the worktree's set-up, set and cleared from the CLI.
  const looped = await arbor(
    "project",
    "edit",
    "PROJ-1",
    "--check",
    "npm test",
    "--check-timeout",
    "90",
    "--copy-files",
    ".env,config/*.local.json",
    "--setup-script",
    "npm ci",
  );
  expect(looped.code).toBe(0);
  const withCheck = await arbor("project", "show", "PROJ-1");
  expect(withCheck.stdout).toContain("check         npm test  (after each turn, at most 90 s)");
  expect(withCheck.stdout).toContain("copy files    .env, config/*.local.json (and .worktreeinclude's)");
  expect(withCheck.stdout).toContain("setup script  npm ci");
  const cleared = await arbor("project", "edit", "PROJ-1", "--no-check", "--no-setup-script", "--copy-files", "");
  expect(cleared.code).toBe(0);
  expect((await arbor("project", "show", "PROJ-1")).stdout).toContain('check         none (arbor project edit --check "npm test")');
  const refused = await arbor("project", "edit", "PROJ-1", "--check-timeout", "0");
  expect(refused.code).toBe(2);
  expect(refused.stderr).toContain("--check-timeout takes a whole number of seconds");

  // Edit: only what is given changes; show prints the hooks setting and the policy.
  git(repo, "branch", "release");
  const edited = await arbor(
    "project",
    "edit",
    "PROJ-1",
    "--name",
    "The shop",
    "--base-branch",
    "release",
    "--agent",
    "claude",
    "--run-hooks-on-apply",
    "--mode",
    "ask",
    "--allow",
    "Bash(npm test:*)",
    "--deny",
    "Bash(git push:*)",
  );
  expect(edited).toMatchObject({ code: 0, stdout: "Changed PROJ-1: The shop\n" });
  const after = (await arbor("project", "show", "PROJ-1")).stdout;
  expect(after).toContain("  base branch   release\n  default agent claude\n");
  expect(after).toContain("  agents may    ask (Ask me); allow Bash(npm test:*); deny Bash(git push:*)\n");
  expect(after).toContain("  apply hooks   on: Apply runs the repository's own hooks, filters and merge drivers\n");
  await arbor("project", "edit", "PROJ-1", "--name", "Shop", "--agent", "none", "--no-run-hooks-on-apply", "--clear-permissions", "--base-branch", "main");
  expect(await prisma.project.findUniqueOrThrow({ where: { id: "PROJ-1" } })).toMatchObject({
    name: "Shop",
    defaultAgent: null,
    runHooksOnApply: false,
    permissions: null,
    baseBranch: "main",
  });
  expect((await arbor("project", "edit", "PROJ-1", "--mode", "ask", "--allow", "Bash(")).stderr).toMatch(
    /^arbor: permissions\.allow\.0: "Bash\(" has an opening "\(" without its closing "\)"/,
  );
  expect((await arbor("project", "edit", "default", "--mode", "edits")).code).toBe(0);
  expect((await arbor("project", "show", "default")).stdout).toContain("  agents may    edits (Edit files only)\n");
  expect((await arbor("project", "edit", "default", "--name", "x")).stderr).toMatch(/^arbor: The default workspace is implicit/);

  // Archive: hidden from the list (listed with --archived), kept; unarchive brings it back.
  const archived = await arbor("project", "archive", "PROJ-1");
  expect(archived.stdout).toMatch(/^Archived PROJ-1 \(Shop\): hidden from lists and pickers, no new runs; .* arbor project unarchive PROJ-1\n$/);
  expect((await arbor("project", "list")).stdout).not.toContain("PROJ-1");
  expect((await arbor("project", "list", "--archived")).stdout).toContain(`PROJ-1  Shop  git · main  ${repo}  0 issues  (archived)`);
  expect((await arbor("project", "show", "PROJ-1")).stdout).toMatch(/ {2}archived {6}since \d{4}-\d\d-\d\d: hidden, no new runs/);
  expect((await arbor("project", "unarchive", "PROJ-1")).stdout).toBe("Unarchived PROJ-1 (Shop): listed again, and runs may start there.\n");
  expect((await arbor("project", "list")).stdout).toContain("PROJ-1");

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

test("diff prints the file list and the patch; apply shows the preview, asks, squashes or merges, and says the next steps on conflicts", async () => {
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

  const mainBefore = git(repo, "rev-parse", "main");
  // No terminal and no --yes: the preview, and nothing applied.
  const unasked = await arbor("apply", a.id);
  expect(unasked.code).toBe(1);
  expect(unasked.stdout.split("\n").slice(0, 7)).toEqual([
    `Apply ${a.id.slice(0, 8)} (${a.worktreeBranch}) to main of ${project.id}`,
    `main is at ${mainBefore.slice(0, 12)}; the line of work's snapshot is ${a.snapshotSha!.slice(0, 12)}`,
    "",
    `What main will receive (${mainBefore.slice(0, 12)} → the merged files):`,
    "A  notes/a.md  +1 −0",
    "M  plan.txt  +1 −1",
    "2 files changed, +2 −1",
  ]);
  expect(unasked.stdout).toContain("-original\n+alternative A\n");
  expect(unasked.stderr).toMatch(/^arbor: not applied: there is no terminal to confirm on\. .* again with --yes/);
  expect(git(repo, "rev-parse", "main")).toBe(mainBefore);
  // At a terminal: asked; "n" keeps main as it is, "y" applies (squashed by default).
  const declined = await arborAsked("n", "apply", a.id, "--stat");
  expect(declined).toMatchObject({ code: 1, stderr: "arbor: not applied.\n", asked: ["Apply to main (squash)? [y/N] "] });
  expect(declined.stdout).not.toContain("diff --git");
  const applied = await arborAsked("y", "apply", a.id);
  expect(applied.code).toBe(0);
  expect(applied.stdout).toMatch(new RegExp(`\\nApplied ${a.id.slice(0, 8)} to main \\(squash\\): ${mainBefore.slice(0, 12)} → [0-9a-f]{12}\\n$`));
  expect(git(repo, "log", "-1", "--format=%P")).toBe(mainBefore);
  expect(readFileSync(path.join(repo, "plan.txt"), "utf8")).toBe("alternative A\n");

  // Conflicts: the files and the next steps, nothing applied.
  const conflict = await arbor("apply", b.id, "--yes");
  expect(conflict.code).toBe(1);
  expect(conflict.stdout).toContain("It conflicts with main in 1 file:\n  plan.txt\nNext steps:\n");
  expect(conflict.stdout).toContain(`  ask the agent to resolve it:  arbor continue ${b.id.slice(0, 8)} "Applying this work to main conflicts:`);
  expect(conflict.stdout).toContain(`  or resolve it yourself in its worktree: ${b.worktreePath}\n`);
  expect(conflict.stderr).toBe("arbor: not applied: it conflicts with main (next steps above)\n");

  writeFiles(repo, { "plan.txt": "alternative B\n" });
  commitAll(repo, "take B by hand");
  expect((await arbor("apply", b.id, "--merge", "-m", "B")).stdout).toMatch(/main already has all of it: nothing to apply\.\n$/);
  expect(git(repo, "log", "-1", "--format=%s")).toBe("take B by hand");
  // --yes applies without asking, --merge keeps the line's history.
  const c = await simulateRun({ project, issueId: issue.id, files: { "notes/c.md": "c\n" } });
  const merged = await arbor("apply", c.id, "--merge", "--yes", "--json");
  expect(JSON.parse(merged.stdout)).toMatchObject({ status: "applied", strategy: "merge" });
  expect(git(repo, "log", "-1", "--format=%P").split(" ")[1]).toBe(c.snapshotSha);
  expect((await arbor("diff", "00000000-0000-4000-8000-000000000000")).stderr).toMatch(/Execution 00000000-0000-4000-8000-000000000000 not found/);
});
