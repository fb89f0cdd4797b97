import { existsSync } from "node:fs";
import * as diffRoute from "@/app/api/executions/[id]/diff/route";
import * as executionRoute from "@/app/api/executions/[id]/route";
import * as executionsRoute from "@/app/api/executions/route";
import * as cleanupRoute from "@/app/api/projects/[id]/cleanup/route";
import * as projectRoute from "@/app/api/projects/[id]/route";
import type { ExecutionDto } from "@/lib/executions/schema";
import type { Project } from "@/lib/projects/schema";
import { prisma } from "@/server/db";
import { runArbor, type RouteTable } from "@/test/support/cli-in-process";
import { api, waitForDto, waitForEnd } from "@/test/support/executions-api";
import { useRunningHarness } from "@/test/support/executions-harness";
import { makeIssue } from "@/test/support/factories";
import { git } from "@/test/support/git-repo";
import { callRoute } from "@/test/support/route-call";
import { gitProject, plainProject, readIn, scriptBashTurns, toolOutputOf } from "@/test/support/worktree-runs";

// Housekeeping from the API and the CLI: the worktrees of archived sessions
// are removed (branches kept unless asked, snapshots always), never one an
// execution is running in; a Continue of a removed one forks from its
// snapshot. And `arbor run --project … --from …` starts where it is told.

jest.setTimeout(120_000);

const suite = useRunningHarness({
  script: (standIn) =>
    scriptBashTurns(standIn, {
      "write plan.txt = original": "printf 'original\\n' > plan.txt",
      "what does plan.txt say": "cat plan.txt",
    }),
});

const ROUTES: RouteTable = [
  [/^\/api\/executions$/, executionsRoute],
  [/^\/api\/executions\/([^/]+)$/, executionRoute],
  [/^\/api\/projects\/([^/]+)\/cleanup$/, cleanupRoute],
  [/^\/api\/projects\/([^/]+)$/, projectRoute],
];
const arbor = (...argv: string[]) => runArbor(ROUTES, argv, { cwd: suite.h.workspace });
const cleanup = (id: string, body?: unknown) => callRoute(cleanupRoute.POST, { method: "POST", url: `/api/projects/${id}/cleanup`, params: { id }, body });

let project: Project;
let issueId: string;
beforeAll(async () => {
  project = await gitProject(suite.h.projects, "app");
  issueId = (await makeIssue({ projectId: project.id })).id;
});

const completed = async (prompt: string): Promise<ExecutionDto> => {
  const done = await waitForEnd((await api.create({ issueId, prompt })).body.id);
  expect(done.status).toBe("completed");
  return done;
};
const archive = (e: ExecutionDto) => prisma.session.update({ where: { id: e.managedSessionId! }, data: { archived: true } });

test("removes the worktrees of archived sessions only, never one an execution runs in; a Continue of a removed one forks from its snapshot", async () => {
  const archived = await completed("write plan.txt = original");
  const active = await completed("write plan.txt = original");
  const hold = suite.standIn.hold("still thinking");
  const busy = await completed("write plan.txt = original");
  await archive(archived);
  await archive(busy);
  const running = await api.continue(busy.id, "still thinking");
  await hold.arrived;
  await waitForDto(running.body.id, (e) => e.status === "running", "the held turn");

  const first = await cleanup(project.id);
  expect(first.status).toBe(200);
  expect(first.body.removed).toEqual([
    { path: archived.worktree!.path, branch: archived.worktree!.branch, branchDeleted: false, executionIds: [archived.id], bytes: expect.any(Number) },
  ]);
  expect(first.body.kept).toEqual([{ path: busy.worktree!.path, branch: busy.worktree!.branch, reason: expect.stringMatching(/is running there$/) }]);
  expect(first.body.freedBytes).toBeGreaterThan(0);
  expect(existsSync(archived.worktree!.path)).toBe(false);
  expect(existsSync(active.worktree!.path)).toBe(true);
  expect(readIn(busy.worktree!.path, "plan.txt")).toBe("original\n");
  expect((await api.get(archived.id)).body.worktree?.state).toBe("removed");
  // Its branch and snapshot stay: its diff still works.
  expect(git(project.path, "rev-parse", archived.worktree!.branch!)).toBe(archived.worktree!.snapshotSha);
  const diff = await callRoute(diffRoute.GET, { url: `/api/executions/${archived.id}/diff`, params: { id: archived.id } });
  expect(diff.body.files).toEqual([expect.objectContaining({ path: "plan.txt", status: "added" })]);

  hold.release();
  await waitForEnd(running.body.id);
  const cli = await arbor("project", "clean", project.id, "--delete-branches");
  expect(cli.code).toBe(0);
  expect(cli.stdout).toMatch(
    new RegExp(
      `^Removed 1 worktree of archived sessions from ${project.id} \\(.+ freed; snapshots kept\\):\\n  ${busy.worktree!.branch!}  branch deleted  ${busy.worktree!.path}\\n$`,
    ),
  );
  expect(git(project.path, "branch", "--list", busy.worktree!.branch!)).toBe("");
  expect(git(project.path, "rev-parse", `refs/arbor/snapshots/${running.body.id}`)).toEqual(expect.any(String));
  expect((await arbor("project", "clean", project.id)).stdout).toBe(`No worktree of an archived session to remove in ${project.id}.\n`);

  const again = await api.continue(archived.id, "what does plan.txt say");
  expect(again.body).toMatchObject({
    forkedFromExecutionId: archived.id,
    resume: { reason: "worktree_gone", message: expect.stringMatching(/was removed by housekeeping/) },
  });
  const forked = await waitForEnd(again.body.id);
  expect(forked.worktree).toMatchObject({ state: "present", startSha: archived.worktree!.snapshotSha });
  expect(toolOutputOf(suite.standIn, "what does plan.txt say")).toContain("original");

  const plain = await plainProject(suite.h.projects, "plain");
  expect((await cleanup(plain.id)).status).toBe(409);
  expect((await cleanup("default")).status).toBe(409);
  expect((await cleanup("PROJ-99")).status).toBe(404);
  expect((await cleanup(project.id, { deleteBranches: "yes" })).status).toBe(422);
});

test("arbor run --project … --from … starts the worktree at that ref; --shared-directory runs in the project itself", async () => {
  git(project.path, "tag", "v0");
  git(project.path, "commit", "--quiet", "--allow-empty", "-m", "later");
  const other = (await makeIssue()).id; // an issue without a project: --project picks one
  const ran = await arbor("run", other, "write plan.txt = original", "--project", project.id.toLowerCase(), "--from", "v0", "--json");
  expect(ran.code).toBe(0);
  const created = JSON.parse(ran.stdout) as ExecutionDto;
  const done = await waitForEnd(created.id);
  expect(done).toMatchObject({ status: "completed", projectId: project.id, worktree: { startSha: git(project.path, "rev-parse", "v0") } });
  const refused = await arbor("run", other, "x", "--project", project.id, "--from", "nope");
  expect(refused.code).not.toBe(0);
  expect(refused.stderr).toContain(`startRef: there is no branch, tag or commit named nope in ${project.path}`);
  const unknown = await arbor("run", other, "x", "--project", "PROJ-42");
  expect(unknown.stderr).toContain("projectId: Project PROJ-42 does not exist");
  const shared = JSON.parse((await arbor("run", issueId, "what does plan.txt say", "--shared-directory", "--json")).stdout) as ExecutionDto;
  expect(await waitForEnd(shared.id)).toMatchObject({ status: "completed", cwd: project.path, sharedDirectory: true, worktree: null });
});
