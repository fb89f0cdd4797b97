import { existsSync } from "node:fs";
import { mkdir, rename, rm } from "node:fs/promises";
import path from "node:path";
import * as diffRoute from "@/app/api/executions/[id]/diff/route";
import type { ExecutionDto } from "@/lib/executions/schema";
import type { Project } from "@/lib/projects/schema";
import { prisma } from "@/server/db";
import { api, waitForEnd } from "@/test/support/executions-api";
import { useHarness } from "@/test/support/executions-harness";
import { makeIssue } from "@/test/support/factories";
import { git } from "@/test/support/git-repo";
import { callRoute, setEnv } from "@/test/support/route-call";
import { StandIn } from "@/test/support/turn-script";
import { gitProject, readIn, scriptBashTurns } from "@/test/support/worktree-runs";

// Issue 24, lines of work that travel: with ARBOR_GIT_STORE, every snapshot
// is pushed to the project's bare store, and a runner on another machine —
// its own data directory, no checkout of the project at all — clones the
// store and goes on from the snapshot; a diff works from the store once the
// project's checkout is gone. A store that cannot be reached stops the turn
// before anything is made, naming the store.

jest.setTimeout(180_000);

const suite = useHarness();
let standIn: StandIn;
let project: Project;
let issueId: string;
let store: string;
let restoreEnv: () => void = () => {};
let runnerB: { stop(): Promise<void> } | null = null;

const dirs = (name: string) => ({ ARBOR_DATA_DIR: path.join(suite.h.tmp, name, "data"), ARBOR_WORKSPACE: path.join(suite.h.tmp, name, "workspace") });

beforeAll(async () => {
  standIn = new StandIn(suite.h.api);
  scriptBashTurns(standIn, {
    "write plan.txt on machine A": "printf 'from A\\n' > plan.txt",
    "add notes.txt on machine B": "printf 'from B\\n' > notes.txt",
    "write todo.txt on machine D": "printf 'from D\\n' > todo.txt",
    "edit todo.txt on machine E": "printf 'and E\\n' >> todo.txt",
    "write log.txt with the store unmounted": "printf 'kept\\n' > log.txt",
    "write a.txt with origin as the store": "printf 'origin\\n' > a.txt",
  });
  store = path.join(suite.h.tmp, "store");
  await mkdir(store, { recursive: true });
  // The web app (route handlers read process.env) reaches the store too.
  restoreEnv = setEnv({ ARBOR_GIT_STORE: store });
  project = await gitProject(suite.h.projects, "app", { "README.md": "# app\n" });
  issueId = (await makeIssue({ title: "Travel", projectId: project.id })).id;
});
afterAll(() => restoreEnv());

async function ran(created: { status: number; body: ExecutionDto }): Promise<ExecutionDto> {
  expect(created.status).toBe(201);
  return waitForEnd(created.body.id, 90_000);
}

const diff = (id: string) => callRoute(diffRoute.GET, { url: `/api/executions/${id}/diff`, params: { id } });

test("a line runs on A, its snapshot reaches the store, and B — without A or the project's checkout — forks it from its own clone", async () => {
  const a = dirs("a");
  const runnerA = await suite.h.startRunner({ runnerId: "runner-a", env: { ...a, ARBOR_GIT_STORE: store } });
  const original = await ran(await api.create({ issueId, prompt: "write plan.txt on machine A" }));
  expect(original).toMatchObject({ status: "completed", error: null });
  const snapshot = original.worktree!.snapshotSha!;
  expect(original.worktree!.path.startsWith(path.join(a.ARBOR_DATA_DIR, "worktrees"))).toBe(true);

  // The store is a bare repository Arbor made, holding the snapshot, its start and the line's tip, and the base branch.
  const bare = path.join(store, `${project.id}.git`);
  expect(git(bare, "rev-parse", "--is-bare-repository")).toBe("true");
  expect(git(bare, "rev-parse", `refs/arbor/snapshots/${original.id}`)).toBe(snapshot);
  expect(git(bare, "rev-parse", `refs/arbor/starts/${original.id}`)).toBe(original.worktree!.startSha);
  expect(git(bare, "rev-parse", `refs/arbor/lines/${original.worktree!.branch}`)).toBe(snapshot);
  expect(git(bare, "rev-parse", "refs/heads/main")).toBe(git(project.path, "rev-parse", "main"));
  expect(git(bare, "show", `${snapshot}:plan.txt`)).toBe("from A");

  // Machine A is gone: its runner, its data directory and workspace, and the project's checkout.
  await runnerA.stop();
  await rm(path.join(suite.h.tmp, "a"), { recursive: true, force: true });
  await rm(project.path, { recursive: true, force: true });

  // The diff of A's execution still reads from the store (the web's own clone of it).
  const seen = await diff(original.id);
  expect(seen.status).toBe(200);
  expect(seen.body.files).toEqual([expect.objectContaining({ path: "plan.txt", status: "added", additions: 1 })]);

  const b = dirs("b");
  runnerB = await suite.h.startRunner({ runnerId: "runner-b", env: { ...b, ARBOR_GIT_STORE: store } });
  const fork = await ran(await api.fork(original.id, "add notes.txt on machine B"));
  expect(fork).toMatchObject({ status: "completed", error: null, forkedFromExecutionId: original.id, runnerId: "runner-b" });
  // B made the worktree from its own clone under its data directory, starting from A's snapshot: A's file is there.
  const clone = path.join(b.ARBOR_DATA_DIR, "repos", project.id);
  expect(existsSync(path.join(clone, ".git"))).toBe(true);
  expect(fork.worktree!.path.startsWith(path.join(b.ARBOR_DATA_DIR, "worktrees"))).toBe(true);
  expect(fork.worktree!.startSha).toBe(snapshot);
  expect(readIn(fork.worktree!.path, "plan.txt")).toBe("from A\n");
  expect(readIn(fork.worktree!.path, "notes.txt")).toBe("from B\n");
  // B's snapshot travelled too, and its diff reads from the store.
  expect(git(bare, "rev-parse", `refs/arbor/snapshots/${fork.id}`)).toBe(fork.worktree!.snapshotSha);
  const forkDiff = await diff(fork.id);
  expect(forkDiff.status).toBe(200);
  expect(forkDiff.body.files).toEqual([expect.objectContaining({ path: "notes.txt", status: "added" })]);
});

test("a store that cannot be reached: the turn fails naming it, before anything is made", async () => {
  // Only runner C is up: a machine whose ARBOR_GIT_STORE is not mounted.
  await runnerB?.stop();
  const c = dirs("c");
  const missingStore = path.join(suite.h.tmp, "unmounted-store");
  const runnerC = await suite.h.startRunner({ runnerId: "runner-c", env: { ...c, ARBOR_GIT_STORE: missingStore } });
  const source = await prisma.execution.findFirstOrThrow({ where: { issueId, forkedFromExecutionId: null }, orderBy: { createdAt: "asc" } });
  const fork = await api.fork(source.id, "add notes.txt on machine B");
  expect(fork.status).toBe(201);
  const ended = await waitForEnd(fork.body.id, 90_000);
  expect(ended).toMatchObject({ status: "failed", error: { code: "worktree_failed" } });
  expect(ended.error!.message).toContain(`the line store ${path.join(missingStore, `${project.id}.git`)} (ARBOR_GIT_STORE) cannot be reached`);
  expect(ended.worktree?.path ?? null).toBeNull();
  expect(existsSync(path.join(c.ARBOR_DATA_DIR, "repos", project.id))).toBe(false);
  await runnerC.stop();
});

test("a runner without the checkout starts a new run from the store's base branch; one with it fetches the snapshot it lacks", async () => {
  const other = await gitProject(suite.h.projects, "shop", { "README.md": "# shop\n" });
  const otherIssue = (await makeIssue({ title: "Shop", projectId: other.id })).id;
  // Another machine seeded the store with the base branch (as a runner with the checkout does on its first push).
  const bare = path.join(store, `${other.id}.git`);
  git(store, "init", "--quiet", "--bare", bare);
  git(other.path, "push", "--quiet", bare, "main");
  // The run is recorded while the checkout is here; runner D never sees it.
  const queued = await api.create({ issueId: otherIssue, prompt: "write todo.txt on machine D" });
  expect(queued.status).toBe(201);
  await rename(other.path, `${other.path}.away`);
  const d = dirs("d");
  const runnerD = await suite.h.startRunner({ runnerId: "runner-d", env: { ...d, ARBOR_GIT_STORE: store } });
  const first = await waitForEnd(queued.body.id, 90_000);
  expect(first).toMatchObject({ status: "completed", error: null, runnerId: "runner-d" });
  expect(first.worktree!.startSha).toBe(git(bare, "rev-parse", "main"));
  expect(git(path.join(d.ARBOR_DATA_DIR, "repos", other.id), "rev-parse", "refs/heads/main")).toBe(first.worktree!.startSha);
  expect(git(bare, "rev-parse", `refs/arbor/snapshots/${first.id}`)).toBe(first.worktree!.snapshotSha);
  await runnerD.stop();

  // Runner E has the project's checkout, which never saw D's snapshot: it is fetched before the Fork's worktree is made.
  await rename(`${other.path}.away`, other.path);
  expect(() => git(other.path, "cat-file", "-e", `${first.worktree!.snapshotSha}^{commit}`)).toThrow();
  const e = dirs("e");
  const runnerE = await suite.h.startRunner({ runnerId: "runner-e", env: { ...e, ARBOR_GIT_STORE: store } });
  const fork = await ran(await api.fork(first.id, "edit todo.txt on machine E"));
  expect(fork).toMatchObject({ status: "completed", error: null, runnerId: "runner-e" });
  expect(fork.worktree!.startSha).toBe(first.worktree!.snapshotSha);
  expect(readIn(fork.worktree!.path, "todo.txt")).toBe("from D\nand E\n");
  expect(git(other.path, "rev-parse", `refs/arbor/snapshots/${first.id}`)).toBe(first.worktree!.snapshotSha);
  expect(existsSync(path.join(e.ARBOR_DATA_DIR, "repos", other.id))).toBe(false);
  await runnerE.stop();

  // A store that cannot be reached when the snapshot is pushed: the turn still completes, and its log says why the line did not travel.
  const f = dirs("f");
  const unmounted = path.join(suite.h.tmp, "not-mounted");
  const runnerF = await suite.h.startRunner({ runnerId: "runner-f", env: { ...f, ARBOR_GIT_STORE: unmounted } });
  const kept = await ran(await api.create({ issueId: otherIssue, prompt: "write log.txt with the store unmounted" }));
  expect(kept).toMatchObject({ status: "completed", error: null, runnerId: "runner-f" });
  expect(kept.worktree!.snapshotSha).toBeTruthy();
  const warnings = await prisma.executionEvent.findMany({ where: { executionId: kept.id, kind: "warning" } });
  expect(warnings.map((w) => JSON.stringify(w.payload))).toEqual([
    expect.stringContaining(`the line store ${path.join(unmounted, `${other.id}.git`)} (ARBOR_GIT_STORE) cannot be reached`),
  ]);
  expect(existsSync(unmounted)).toBe(false);
  await runnerF.stop();
});

test("without ARBOR_GIT_STORE nothing travels: never to the person's own remote (a snapshot holds untracked files too)", async () => {
  const shop = await gitProject(suite.h.projects, "remote-app", { "README.md": "# remote\n" });
  const shopIssue = (await makeIssue({ title: "Remote", projectId: shop.id })).id;
  const origin = path.join(suite.h.tmp, "origin.git");
  git(suite.h.tmp, "init", "--quiet", "--bare", origin);
  git(shop.path, "remote", "add", "origin", origin);
  git(shop.path, "push", "--quiet", "origin", "main");

  // Even where Push may use a local remote.
  const g = dirs("g");
  const runnerG = await suite.h.startRunner({ runnerId: "runner-g", env: { ...g, ARBOR_GIT_STORE: undefined, ARBOR_PUSH_LOCAL_REMOTES: "1" } });
  const local = await ran(await api.create({ issueId: shopIssue, prompt: "write a.txt with origin as the store" }));
  expect(local).toMatchObject({ status: "completed", error: null, runnerId: "runner-g" });
  expect(local.worktree!.snapshotSha).toBeTruthy();
  expect(git(origin, "for-each-ref", "--format=%(refname)")).toBe("refs/heads/main");
  expect(await prisma.executionEvent.count({ where: { executionId: local.id, kind: "warning" } })).toBe(0);
  await runnerG.stop();
});
