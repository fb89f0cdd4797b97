import { mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import * as cleanupRoute from "@/app/api/projects/[id]/cleanup/route";
import * as projectRoute from "@/app/api/projects/[id]/route";
import type { Project } from "@/lib/projects/schema";
import { prisma } from "@/server/db";
import { createProject } from "@/server/projects/create-project";
import { useHarness } from "@/test/support/executions-harness";
import { makeIssue } from "@/test/support/factories";
import { commitAll, git, writeFiles } from "@/test/support/git-repo";
import { archiveLine, endLine, startLine } from "@/test/support/line-of-work";
import { callRoute } from "@/test/support/route-call";

// A worktree's `.git` is a file in the agent's directory: whatever it says,
// Arbor's git work in that worktree uses the git dir the project's own
// repository records for it, refuses (saying why) when the two disagree, and
// keeps the line's last good snapshot. The project page never follows it.

jest.setTimeout(60_000);

const suite = useHarness();
let project: Project;
let issueId: string;

beforeAll(async () => {
  const repo = path.join(suite.h.projects, "app");
  mkdirSync(repo, { recursive: true });
  git(repo, "init", "--quiet", "--initial-branch=main");
  writeFiles(repo, { "README.md": "# app\n", "kept.txt": "kept\n" });
  commitAll(repo, "initial commit");
  const created = await createProject({ path: repo });
  if (!created.ok) throw new Error(created.error.message);
  project = created.value;
  issueId = (await makeIssue({ title: "Pointers", projectId: project.id })).id;
});

const getProject = () => callRoute(projectRoute.GET, { url: `/api/projects/${project.id}`, params: { id: project.id } });
const within = <T>(ms: number, what: Promise<T>) =>
  Promise.race([what, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms))]);

test("problem 2: whatever a worktree's .git says, its end-of-execution snapshot never writes elsewhere; it is refused and the line keeps its last good state", async () => {
  const sibling = await startLine(project, issueId, "main");
  const siblingPointer = readFileSync(path.join(sibling.worktreePath!, ".git"), "utf8");
  const tamperings: Array<[string, (wt: string) => void]> = [
    ["points at the main checkout's .git", (wt) => writeFileSync(path.join(wt, ".git"), `gitdir: ${project.path}/.git\n`)],
    ["points at another line's git dir", (wt) => writeFileSync(path.join(wt, ".git"), siblingPointer)],
    [
      "is a symlink to the main checkout's .git",
      (wt) => {
        rmSync(path.join(wt, ".git"));
        symlinkSync(path.join(project.path, ".git"), path.join(wt, ".git"));
      },
    ],
    [
      "is a repository of its own",
      (wt) => {
        rmSync(path.join(wt, ".git"));
        git(wt, "init", "--quiet");
      },
    ],
  ];
  writeFiles(project.path, { "staged.txt": "mine\n" });
  git(project.path, "add", "staged.txt");
  const before = {
    main: git(project.path, "rev-parse", "main"),
    status: git(project.path, "status", "--porcelain"),
    sibling: git(project.path, "rev-parse", sibling.worktreeBranch!),
  };

  for (const [what, tamper] of tamperings) {
    const line = await startLine(project, issueId, "main");
    writeFiles(line.worktreePath!, { "agent.txt": `written while its .git ${what}\n` });
    tamper(line.worktreePath!);
    const ended = await endLine(line.id);
    expect({ what, main: git(project.path, "rev-parse", "main"), status: git(project.path, "status", "--porcelain") }).toEqual({
      what,
      main: before.main,
      status: before.status,
    });
    expect(git(project.path, "rev-parse", sibling.worktreeBranch!)).toBe(before.sibling);
    expect({ what, snapshot: ended.snapshotSha, changed: ended.changedFiles }).toEqual({ what, snapshot: line.startSha, changed: 0 });
    expect(ended.worktreeProblem).toMatch(/\.git/);
    expect(git(project.path, "rev-parse", `refs/arbor/snapshots/${line.id}`)).toBe(line.startSha);
  }
  git(project.path, "reset", "--quiet");
  rmSync(path.join(project.path, "staged.txt"));
});

test("problem 2: `gitdir: /` never makes the project page walk the disk; the page names the problem, and cleanup removes only what Arbor made", async () => {
  const line = await startLine(project, issueId, "main");
  writeFileSync(path.join(line.worktreePath!, ".git"), "gitdir: /\n");
  const page = await within(5_000, getProject());
  expect(page.status).toBe(200);
  const listed = page.body.worktrees.find((w: { path: string }) => w.path === line.worktreePath);
  expect(listed.bytes).toBeLessThan(10 * 1024 * 1024);
  await endLine(line.id);
  const again = await within(5_000, getProject());
  expect(again.body.worktrees.find((w: { path: string }) => w.path === line.worktreePath).problem).toMatch(/\.git/);

  await archiveLine(issueId, [line.id]);
  const cleaned = await callRoute(cleanupRoute.POST, {
    method: "POST",
    url: `/api/projects/${project.id}/cleanup`,
    params: { id: project.id },
    body: { deleteBranches: true },
  });
  expect(cleaned.body.removed).toEqual([expect.objectContaining({ path: line.worktreePath, branch: line.worktreeBranch, branchDeleted: true })]);
  expect(git(project.path, "worktree", "list", "--porcelain")).not.toContain(line.worktreePath!);
  expect((await prisma.execution.findUniqueOrThrow({ where: { id: line.id } })).worktreeState).toBe("removed");
});
