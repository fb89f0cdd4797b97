import { mkdirSync } from "node:fs";
import path from "node:path";
import * as projectsRoute from "@/app/api/projects/route";
import * as projectRoute from "@/app/api/projects/[id]/route";
import { prisma } from "@/server/db";
import { runArbor, type RouteTable } from "@/test/support/cli-in-process";
import { resetDb } from "@/test/support/db";
import { tempRepos, type TempRepos } from "@/test/support/git-repo";
import { callRoute, setEnv } from "@/test/support/route-call";

// A project's `mcp` switch (its runs get Arbor's MCP server) through the API
// and `arbor project`: on unless registered with it off, changed by PATCH,
// stored in projects.mcp (what the runner reads), bad input answered 422
// naming the field; the default workspace has no switch and says so.

const ROUTES: RouteTable = [
  [/^\/api\/projects$/, projectsRoute],
  [/^\/api\/projects\/([^/]+)$/, projectRoute],
];

let repos: TempRepos;
let restoreEnv: () => void;

beforeEach(async () => {
  await resetDb();
  repos = tempRepos("arbor-project-mcp-");
  mkdirSync(path.join(repos.root, "workspace"));
  restoreEnv = setEnv({
    ARBOR_WORKSPACE: path.join(repos.root, "workspace"),
    ARBOR_WORKSPACE_ROOTS: repos.root,
    ARBOR_DATA_DIR: path.join(repos.root, "data"),
  });
});
afterEach(() => {
  restoreEnv();
  repos.cleanup();
});
afterAll(() => prisma.$disconnect());

const register = (body: unknown) => callRoute(projectsRoute.POST, { method: "POST", url: "/api/projects", body });
const show = (id: string) => callRoute(projectRoute.GET, { url: `/api/projects/${id}`, params: { id } });
const patch = (id: string, body: unknown) => callRoute(projectRoute.PATCH, { method: "PATCH", url: `/api/projects/${id}`, params: { id }, body });
const stored = async (id: string) => (await prisma.project.findUniqueOrThrow({ where: { id }, select: { mcp: true } })).mcp;

describe("the API", () => {
  it("registers a project with the MCP server on unless asked otherwise, and PATCH turns it off and on", async () => {
    const on = await register({ path: repos.repo("shop") });
    expect(on).toMatchObject({ status: 201, body: { id: "PROJ-1", mcp: true } });
    const off = await register({ path: repos.repo("vault"), mcp: false });
    expect(off).toMatchObject({ status: 201, body: { id: "PROJ-2", mcp: false } });
    expect(await stored("PROJ-2")).toBe(false);

    expect(await patch("PROJ-1", { mcp: false })).toMatchObject({ status: 200, body: { mcp: false, name: "shop" } });
    expect(await stored("PROJ-1")).toBe(false);
    expect((await show("PROJ-1")).body.mcp).toBe(false);
    // Another setting leaves it as it is.
    expect(await patch("PROJ-1", { name: "Shop" })).toMatchObject({ status: 200, body: { mcp: false, name: "Shop" } });
    expect(await patch("PROJ-1", { mcp: true })).toMatchObject({ status: 200, body: { mcp: true } });
    expect(await stored("PROJ-1")).toBe(true);
  });

  it("answers 422 naming the field for anything but true or false, and changes nothing", async () => {
    const repo = repos.repo("shop");
    for (const mcp of ["false", 0, null, "yes"]) {
      const res = await register({ path: repo, mcp });
      expect({ mcp, status: res.status, message: res.body.error.message }).toEqual({ mcp, status: 422, message: "mcp: mcp must be true or false" });
      expect(res.body.error.details.fieldErrors).toEqual({ mcp: ["mcp must be true or false"] });
    }
    expect(await prisma.project.count()).toBe(0);
    await register({ path: repo });
    const bad = await patch("PROJ-1", { mcp: "off" });
    expect(bad).toMatchObject({ status: 422, body: { error: { code: "validation_failed", message: "mcp: mcp must be true or false" } } });
    expect(await stored("PROJ-1")).toBe(true);
  });

  it("the default workspace's runs always get it: shown as on, and a switch for it is refused saying why", async () => {
    expect((await show("default")).body.mcp).toBe(true);
    const refused = await patch("default", { mcp: false });
    expect(refused.status).toBe(422);
    expect(refused.body.error.message).toBe(
      "mcp: the default workspace's runs always get Arbor's MCP server: register the directory as a project to turn it off",
    );
  });
});

describe("arbor project", () => {
  const arbor = (...argv: string[]) => runArbor(ROUTES, argv, { cwd: repos.root });

  it("add --no-mcp, show, edit --mcp / --no-mcp; the default workspace's refusal is printed", async () => {
    repos.repo("shop");
    const added = await arbor("project", "add", "shop", "--no-mcp");
    expect(added.code).toBe(0);
    expect(added.stdout).toContain("Its runs do not get Arbor's MCP server (arbor project edit --mcp turns it on).\n");
    expect(await stored("PROJ-1")).toBe(false);
    expect((await arbor("project", "show", "PROJ-1")).stdout).toContain("  mcp server    off: agents here run without Arbor's MCP server\n");

    expect(await arbor("project", "edit", "PROJ-1", "--mcp")).toMatchObject({ code: 0, stdout: "Changed PROJ-1: shop\n" });
    expect(await stored("PROJ-1")).toBe(true);
    expect((await arbor("project", "show", "PROJ-1")).stdout).toContain("  mcp server    on: agents may consult Arbor");
    await arbor("project", "edit", "PROJ-1", "--no-mcp");
    expect(await stored("PROJ-1")).toBe(false);

    const refused = await arbor("project", "edit", "default", "--no-mcp");
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/^arbor: mcp: the default workspace's runs always get Arbor's MCP server/);
    expect(await arbor("project", "edit", "PROJ-1", "--mcp", "--no-mcp")).toMatchObject({
      code: 2,
      stderr: expect.stringContaining("--mcp and --no-mcp do not go together"),
    });
  });
});
