// A git repository registered as a project, with an issue in it, fresh for
// each test: for tests of diffs, Apply and its preview over real git and the
// real database (the executions set up with simulated-run.ts).
import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Project } from "@/lib/projects/schema";
import { prisma } from "@/server/db";
import { createProject } from "@/server/projects/create-project";
import { resetDb } from "@/test/support/db";
import { makeIssue } from "@/test/support/factories";
import { tempRepos, type TempRepos } from "@/test/support/git-repo";
import { setEnv } from "@/test/support/route-call";

export type RegisteredRepo = { repos: TempRepos; repo: string; project: Project; issueId: string };

/** Registers beforeEach/afterEach/afterAll; the returned object's fields are set once beforeEach ran. */
export function useRegisteredRepo(prefix: string, files: Record<string, string>, env: Record<string, string | undefined> = {}): RegisteredRepo {
  const state = {} as RegisteredRepo;
  let restoreEnv: () => void = () => {};
  beforeEach(async () => {
    await resetDb();
    state.repos = tempRepos(prefix);
    mkdirSync(path.join(state.repos.root, "workspace"));
    restoreEnv = setEnv({ ARBOR_WORKSPACE: path.join(state.repos.root, "workspace"), ARBOR_DATA_DIR: path.join(state.repos.root, "data"), ...env });
    state.repo = state.repos.repo("app", files);
    const created = await createProject({ path: state.repo });
    if (!created.ok) throw new Error(created.error.message);
    state.project = created.value;
    state.issueId = (await makeIssue({ projectId: state.project.id })).id;
  });
  afterEach(() => {
    restoreEnv();
    state.repos?.cleanup();
  });
  afterAll(() => prisma.$disconnect());
  return state;
}
