import { randomUUID } from "node:crypto";
import { existsSync, mkdirSync, renameSync, rmSync, symlinkSync } from "node:fs";
import path from "node:path";
import type { ExecutionDto } from "@/lib/executions/schema";
import type { Project } from "@/lib/projects/schema";
import { prisma } from "@/server/db";
import { createProject } from "@/server/projects/create-project";
import { settleLaunchCwd } from "@/server/runner/workspace/prepare-workspace";
import { api, waitForEnd } from "@/test/support/executions-api";
import { useRunningHarness } from "@/test/support/executions-harness";
import { makeIssue } from "@/test/support/factories";
import { setEnv } from "@/test/support/route-call";
import { gitProject, gitStatus, plainProject, readIn, scriptBashTurns } from "@/test/support/worktree-runs";

// "No run writes into a registered project's main checkout, whatever
// directory it was given": every way to name the project's directory sends
// the run to the project (its own worktree), every way to name a directory
// inside or around it is refused before anything runs, the runner refuses a
// directory that became a main checkout since, and only the shared directory
// the person chose writes there. The real Claude CLI runs a Bash command
// that writes oops.txt wherever it is; the main checkout must never get it.

jest.setTimeout(120_000);

const OOPS = "write oops.txt here";
const suite = useRunningHarness({
  script: (standIn) =>
    scriptBashTurns(standIn, {
      [OOPS]: "printf 'oops\\n' > oops.txt",
      "and again": "printf 'again\\n' >> oops.txt",
      "write shared.txt": "printf 'shared\\n' > shared.txt",
    }),
});

let project: Project;
let issueId: string;
beforeAll(async () => {
  project = await gitProject(suite.h.projects, "shop", { "README.md": "# shop\n", "src/app.ts": "export {};\n" });
  // An issue of the default workspace: the run's project comes only from the directory it names.
  issueId = (await makeIssue({ title: "Loose" })).id;
});

afterEach(() => {
  // Whatever a case did, the main checkout never got the file.
  expect(existsSync(path.join(project.path, "oops.txt"))).toBe(false);
  expect(gitStatus(project.path)).toBe("");
});

async function ranIn(cwd: string): Promise<ExecutionDto> {
  const created = await api.create({ issueId, prompt: OOPS, cwd });
  expect({ cwd, status: created.status, error: created.body }).toMatchObject({ cwd, status: 201 });
  const done = await waitForEnd(created.body.id);
  expect(done).toMatchObject({ status: "completed", error: null });
  return done;
}

test.each([
  ["the project's directory", () => project.path],
  ["a symlink to it", () => link(project.path, "link-to-shop")],
  ["a path with .. that resolves to it", () => path.join(project.path, "src", "..")],
  ["a path relative to the default workspace", () => path.relative(suite.h.workspace, project.path)],
  ["a symlink to its parent, then down", () => path.join(link(path.dirname(project.path), "link-to-projects"), "shop")],
])("a run given %s goes to the project, in a worktree of its own", async (_what, cwd) => {
  const run = await ranIn(cwd());
  expect(run.projectId).toBe(project.id);
  expect(run.sharedDirectory).toBe(false);
  expect(run.worktree?.path).toBe(run.cwd);
  expect(run.cwd.startsWith(path.join(suite.h.tmp, "data", "worktrees") + path.sep)).toBe(true);
  expect(readIn(run.cwd, "oops.txt")).toBe("oops\n");
});

test.each([
  ["a subdirectory", () => path.join(project.path, "src"), /is inside the main checkout of PROJ-1 \(shop, .*\), which no run writes into\. Run it in PROJ-1/],
  ["a symlink to a subdirectory", () => link(path.join(project.path, "src"), "link-to-src"), /is inside the main checkout of PROJ-1/],
  ["a subdirectory spelled with ..", () => path.join(project.path, "src", "..", "src"), /is inside the main checkout of PROJ-1/],
  ["its parent", () => path.dirname(project.path), /contains the main checkout of PROJ-1 .*: an agent working there could change it/],
  ["a symlink to its parent", () => link(path.dirname(project.path), "link-to-parent"), /contains the main checkout of PROJ-1/],
  ["the file system's root", () => "/", /contains the main checkout of PROJ-1/],
])("a run given %s is refused before anything runs", async (_what, cwd, message) => {
  const before = await prisma.execution.count();
  const created = await api.create({ issueId, prompt: OOPS, cwd: cwd() });
  expect(created.status).toBe(422);
  expect(created.body).toMatchObject({ error: { code: "validation_failed", details: { fieldErrors: { cwd: [expect.stringMatching(message)] } } } });
  expect(await prisma.execution.count()).toBe(before);
});

test("a run in the default workspace is refused while the default workspace holds the project (ARBOR_WORKSPACE moved to its parent)", async () => {
  const restore = setEnv({ ARBOR_WORKSPACE: path.dirname(project.path) });
  try {
    const created = await api.create({ issueId, prompt: OOPS });
    expect(created.status).toBe(409);
    expect(created.body.error).toMatchObject({
      code: "conflict",
      message: expect.stringMatching(/^This run would use the default workspace, but .* contains the main checkout of PROJ-1/),
      details: { reason: "workspace_overlaps_project" },
    });
    // …and a directory inside or around the default workspace cannot be registered.
    const inside = await createProject({ path: path.join(path.dirname(project.path), "shop", "src") });
    expect(inside).toMatchObject({ ok: false, error: { message: expect.stringContaining("Arbor's default workspace") } });
  } finally {
    restore();
  }
});

test("the shared directory, chosen on purpose, is the one run that works in the main checkout", async () => {
  const created = await api.create({ issueId, prompt: "write shared.txt", projectId: project.id, sharedDirectory: true });
  expect(created.status).toBe(201);
  const done = await waitForEnd(created.body.id);
  expect(done).toMatchObject({ status: "completed", sharedDirectory: true, cwd: project.path, worktree: null });
  expect(readIn(project.path, "shared.txt")).toBe("shared\n");
  rmSync(path.join(project.path, "shared.txt"));
});

test("the runner refuses a directory that became a main checkout since the run was created, before the agent starts", async () => {
  // A run in a directory of the default workspace…
  const dir = path.join(suite.h.workspace, "scratch");
  mkdirSync(dir);
  const first = await ranIn("scratch");
  expect(first).toMatchObject({ projectId: null, cwd: dir });
  // …whose directory is then replaced by a symlink into the project's main checkout.
  renameSync(dir, `${dir}-moved`);
  symlinkSync(project.path, dir);
  try {
    const cont = await api.continue(first.id, "and again");
    expect(cont.status).toBe(201);
    const ended = await waitForEnd(cont.body.id);
    expect(ended).toMatchObject({ status: "failed", error: { code: "cwd_outside_roots" } });
    expect(ended.error!.message).toMatch(/^Refusing to start the agent: .*/);
    expect(suite.standIn.requestsFor("and again")).toHaveLength(0);
  } finally {
    rmSync(dir);
  }
});

test("the runner's check reads the registered directories: one registered after a run there is a main checkout for its next turn", async () => {
  // The operator's cap lets runs without a project work anywhere under it: a run in a directory nobody registered yet.
  const loose = path.join(suite.h.tmp, "loose");
  mkdirSync(loose);
  const env = { ...process.env, ARBOR_WORKSPACE_ROOTS: [suite.h.workspace, loose].join(path.delimiter) };
  const row = await prisma.execution.create({ data: { id: randomUUID(), issueId, agent: "claude", prompt: OOPS, cwd: loose, status: "completed" } });
  expect(await settleLaunchCwd(row.id, env, [suite.h.workspace, loose])).toEqual({ ok: true, cwd: loose });
  // The person registers it: from now on it is a project's main checkout, without a restart.
  const restore = setEnv({ ARBOR_WORKSPACE_ROOTS: env.ARBOR_WORKSPACE_ROOTS });
  try {
    const registered = await plainProject(suite.h.tmp, "loose");
    const place = await settleLaunchCwd(row.id, env, [suite.h.workspace, loose]);
    expect(place).toEqual({ ok: false, code: "cwd_outside_roots", message: expect.stringContaining(`${loose} is the main checkout of ${registered.id}`) });
  } finally {
    restore();
  }
});

test("a registered directory outside the default workspace is a place runs may work without a restart (a directory that is not git)", async () => {
  const notes = await plainProject(suite.h.projects, "notes");
  const issue = await makeIssue({ title: "Notes", projectId: notes.id });
  const created = await api.create({ issueId: issue.id, prompt: OOPS });
  expect(created.status).toBe(201);
  const done = await waitForEnd(created.body.id);
  // Checked again by the runner right before the agent started: the registered directory counts.
  expect(done).toMatchObject({ status: "completed", projectId: notes.id, cwd: notes.path, error: null });
  expect(readIn(notes.path, "oops.txt")).toBe("oops\n");
});

function link(target: string, name: string): string {
  const at = path.join(suite.h.tmp, name);
  if (!existsSync(at)) symlinkSync(target, at);
  return at;
}
