import { mkdirSync } from "node:fs";
import path from "node:path";
import * as issuesRoute from "@/app/api/issues/route";
import * as issueRoute from "@/app/api/issues/[id]/route";
import * as specsRoute from "@/app/api/specs/route";
import * as specRoute from "@/app/api/specs/[id]/route";
import { createProject } from "@/server/projects/create-project";
import { prisma } from "@/server/db";
import { resetDb } from "@/test/support/db";
import { tempRepos, type TempRepos } from "@/test/support/git-repo";
import { callRoute, setEnv } from "@/test/support/route-call";

// Specs and issues belong to a project (or to none: the default workspace).

let repos: TempRepos;
let restoreEnv: () => void;
let projectId: string;

beforeAll(async () => {
  await resetDb();
  repos = tempRepos("arbor-membership-");
  mkdirSync(path.join(repos.root, "workspace"));
  restoreEnv = setEnv({ ARBOR_WORKSPACE: path.join(repos.root, "workspace"), ARBOR_WORKSPACE_ROOTS: repos.root });
  const created = await createProject({ path: repos.repo("app") });
  if (!created.ok) throw new Error(created.error.message);
  projectId = created.value.id;
});
afterAll(async () => {
  restoreEnv();
  repos.cleanup();
  await prisma.$disconnect();
});

const post = (route: typeof specsRoute | typeof issuesRoute, url: string, body: unknown) => callRoute(route.POST, { method: "POST", url, body });

it("creates, moves and filters specs and issues by project", async () => {
  const spec = await post(specsRoute, "/api/specs", { title: "In the project", projectId: projectId.toLowerCase() });
  expect(spec).toMatchObject({ status: 201, body: { projectId } });
  const loose = await post(specsRoute, "/api/specs", { title: "Default workspace" });
  expect(loose.body.projectId).toBeNull();
  const issue = await post(issuesRoute, "/api/issues", { title: "Fix it", projectId, specId: spec.body.id });
  expect(issue).toMatchObject({ status: 201, body: { projectId, specId: spec.body.id } });
  await post(issuesRoute, "/api/issues", { title: "Elsewhere" });

  const inProject = await callRoute(issuesRoute.GET, { url: `/api/issues?projectId=${projectId}` });
  expect(inProject.body.items.map((i: { title: string }) => i.title)).toEqual(["Fix it"]);
  const none = await callRoute(issuesRoute.GET, { url: "/api/issues?projectId=none" });
  expect(none.body.items.map((i: { title: string }) => i.title)).toEqual(["Elsewhere"]);
  const specs = await callRoute(specsRoute.GET, { url: `/api/specs?projectId=${projectId}` });
  expect(specs.body.items.map((s: { title: string }) => s.title)).toEqual(["In the project"]);
  expect((await callRoute(specsRoute.GET, { url: "/api/specs?projectId=none" })).body.items).toHaveLength(1);

  const moved = await callRoute(issueRoute.PATCH, {
    method: "PATCH",
    url: `/api/issues/${issue.body.id}`,
    params: { id: issue.body.id },
    body: { projectId: null },
  });
  expect(moved).toMatchObject({ status: 200, body: { projectId: null } });
  const specMoved = await callRoute(specRoute.PATCH, {
    method: "PATCH",
    url: `/api/specs/${loose.body.id}`,
    params: { id: loose.body.id },
    body: { projectId },
  });
  expect(specMoved).toMatchObject({ status: 200, body: { projectId } });
});

it("refuses unknown and malformed projects with a 422 on the projectId field", async () => {
  const unknownIssue = await post(issuesRoute, "/api/issues", { title: "x", projectId: "PROJ-77" });
  expect(unknownIssue.status).toBe(422);
  expect(unknownIssue.body.error).toMatchObject({
    message: "projectId: Project PROJ-77 does not exist",
    details: { fieldErrors: { projectId: ["Project PROJ-77 does not exist"] } },
  });
  const unknownSpec = await post(specsRoute, "/api/specs", { title: "x", projectId: "PROJ-77" });
  expect(unknownSpec.body.error.message).toBe("projectId: Project PROJ-77 does not exist");
  const malformed = await post(issuesRoute, "/api/issues", { title: "x", projectId: "shop" });
  expect(malformed.body.error.message).toBe('projectId: "shop" is not a project id (project ids look like PROJ-1)');
  const badFilter = await callRoute(issuesRoute.GET, { url: "/api/issues?projectId=shop" });
  expect(badFilter.status).toBe(422);
  const { body: anIssue } = await post(issuesRoute, "/api/issues", { title: "y" });
  const patchUnknown = await callRoute(issueRoute.PATCH, {
    method: "PATCH",
    url: `/api/issues/${anIssue.id}`,
    params: { id: anIssue.id },
    body: { projectId: "PROJ-78" },
  });
  expect(patchUnknown.body.error.message).toBe("projectId: Project PROJ-78 does not exist");
});
