import { mkdirSync } from "node:fs";
import path from "node:path";
import * as projectsRoute from "@/app/api/projects/route";
import * as projectRoute from "@/app/api/projects/[id]/route";
import { prisma } from "@/server/db";
import { resolveRunPlace } from "@/server/executions/resolve-run-place";
import { resetDb } from "@/test/support/db";
import { tempRepos, type TempRepos } from "@/test/support/git-repo";
import { callRoute, setEnv } from "@/test/support/route-call";

// Registering a directory is the person's consent: any directory on the
// server, without a variable or a restart — unless the operator capped them
// with ARBOR_WORKSPACE_ROOTS. Never the default workspace, Arbor's data
// directory, or around or inside another project's directory.

let repos: TempRepos;
let restoreEnv: () => void;
let workspace: string;
let dataDir: string;

beforeEach(async () => {
  await resetDb();
  repos = tempRepos("arbor-registration-");
  workspace = path.join(repos.root, "arbor", "workspace");
  dataDir = path.join(repos.root, "arbor", "data");
  mkdirSync(workspace, { recursive: true });
  mkdirSync(dataDir, { recursive: true });
  // No ARBOR_WORKSPACE_ROOTS: nothing caps the directories a person registers.
  restoreEnv = setEnv({ ARBOR_WORKSPACE: workspace, ARBOR_DATA_DIR: dataDir, ARBOR_WORKSPACE_ROOTS: undefined });
});
afterEach(() => {
  restoreEnv();
  repos.cleanup();
});
afterAll(() => prisma.$disconnect());

const register = (body: unknown) => callRoute(projectsRoute.POST, { method: "POST", url: "/api/projects", body });
const archive = (id: string) => callRoute(projectRoute.PATCH, { method: "PATCH", url: `/api/projects/${id}`, params: { id }, body: { archived: true } });
const pathError = async (dir: string) => {
  const res = await register({ path: dir });
  expect({ dir, status: res.status }).toEqual({ dir, status: 422 });
  return res.body.error.details.fieldErrors.path[0] as string;
};

it("registers any directory outside Arbor's own, at once: runs may work there right away", async () => {
  const shop = repos.repo("code/shop");
  const res = await register({ path: shop });
  expect(res.status).toBe(201);
  expect(res.body).toMatchObject({ id: "PROJ-1", path: shop, isGitRepo: true });
  // No restart: the next run names it and goes there (a worktree of its own).
  const place = await resolveRunPlace({ issueProjectId: null, cwd: shop });
  expect(place).toMatchObject({ ok: true, value: { projectId: "PROJ-1", sharedDirectory: false, startSha: expect.any(String) } });
});

it("refuses the default workspace, Arbor's data directory, and anything inside or around them, saying why", async () => {
  mkdirSync(path.join(workspace, "inside"));
  mkdirSync(path.join(dataDir, "worktrees"));
  expect(await pathError(workspace)).toMatch(
    new RegExp(`^${workspace} is Arbor's default workspace \\(${workspace}\\), where runs without a project share their files`),
  );
  expect(await pathError(path.join(workspace, "inside"))).toMatch(/is inside Arbor's default workspace/);
  expect(await pathError(path.join(repos.root, "arbor"))).toMatch(/contains Arbor's default workspace .*ARBOR_WORKSPACE/);
  expect(await pathError(repos.root)).toMatch(/contains Arbor's default workspace/);
  expect(await pathError("/")).toMatch(/^\/ contains Arbor's default workspace/);
  expect(await pathError(path.join(dataDir, "worktrees"))).toMatch(/is inside Arbor's data directory \(.*: its database, worktrees and agent homes\)/);
  // The data directory beside the workspace rather than around it.
  const restore = setEnv({ ARBOR_WORKSPACE: path.join(repos.root, "elsewhere", "workspace") });
  try {
    expect(await pathError(path.join(repos.root, "arbor"))).toMatch(/contains Arbor's data directory .*ARBOR_DATA_DIR/);
  } finally {
    restore();
  }
  expect(await prisma.project.count()).toBe(0);
});

it("never nests registered directories, archived ones included", async () => {
  const shop = repos.repo("code/shop");
  const vendored = repos.repo("code/shop/vendor/lib");
  expect((await register({ path: shop })).status).toBe(201);
  expect(await pathError(vendored)).toBe(
    `${vendored} is inside the directory of PROJ-1 (shop, ${shop}): registered directories never nest, so no run in one can write into the other's files`,
  );
  expect(await pathError(path.join(repos.root, "code"))).toMatch(/contains the directory of PROJ-1 \(shop/);
  expect((await archive("PROJ-1")).status).toBe(200);
  expect(await pathError(path.join(repos.root, "code"))).toMatch(/contains the directory of PROJ-1/);
  // An archived project's directory is still its: a run naming it is refused, not run loose in its checkout.
  const place = await resolveRunPlace({ issueProjectId: null, cwd: shop });
  expect(place).toMatchObject({ ok: false, error: { code: "conflict", details: { reason: "project_archived" } } });
});

it("ARBOR_WORKSPACE_ROOTS, when the operator sets it, caps registration: said plainly", async () => {
  const inside = repos.repo("allowed/shop");
  const outside = repos.repo("other/shop");
  const restore = setEnv({ ARBOR_WORKSPACE_ROOTS: [path.join(repos.root, "allowed"), workspace].join(path.delimiter) });
  try {
    expect(await pathError(outside)).toBe(
      `${outside} is outside the allowed workspace roots (${path.join(repos.root, "allowed")}, ${workspace}) that this server's operator set with ARBOR_WORKSPACE_ROOTS`,
    );
    expect((await register({ path: inside })).status).toBe(201);
  } finally {
    restore();
  }
  // A project registered before a cap was set is refused for new runs while the cap leaves it out.
  const early = (await register({ path: outside })).body.id;
  const capped = setEnv({ ARBOR_WORKSPACE_ROOTS: path.join(repos.root, "allowed") });
  try {
    const place = await resolveRunPlace({ issueProjectId: early });
    expect(place).toMatchObject({ ok: false, error: { code: "conflict", details: { reason: "outside_roots" } } });
    expect(!place.ok && place.error.message).toMatch(/^The directory of PROJ-2, .* is outside the allowed workspace roots .* ARBOR_WORKSPACE_ROOTS/);
  } finally {
    capped();
  }
});
