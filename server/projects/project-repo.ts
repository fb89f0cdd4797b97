import "server-only";
import { realpath, stat } from "node:fs/promises";
import path from "node:path";
import { err, ok, type Result } from "@/lib/result";
import { loadConfig } from "@/server/config/load-config";
import type { Project } from "@/server/generated/prisma/client";
import { fetchFromStore, LINE_REFSPECS } from "@/server/git/fetch-from-store";
import { initRepository, repositoryExists } from "@/server/git/init-repository";
import type { LineStore } from "@/server/git/line-store";
import type { StoreFailure } from "@/server/git/push-to-store";
import { workTreeTopLevel } from "@/server/git/repository-state";
import { lineStoreFor } from "./line-store";

// The repository of a project on this machine, which every runner-side git
// of the project goes through (its worktrees, snapshots, spare checkouts)
// and the web app's diffs when the checkout is not here (issue 24):
// - the project's own checkout (`project.path`), where it is on this disk:
//   today's behaviour, unchanged;
// - else this machine's own clone of it, `<ARBOR_DATA_DIR>/repos/<PROJ-n>`,
//   made on first use from the project's store (line-store.ts) with every
//   line's snapshots and the base branch. A project registered on machine A
//   need not exist at the same path, or at all, on machine B. The clone is a
//   checkout with no files (git makes worktrees only from one): nothing runs
//   in it, worktrees are made from it.
// No checkout and no store: the project cannot be worked on here, and says so.

export interface ProjectRepo {
  /** Where to run git: the project's checkout, or this machine's clone. */
  repo: string;
  /** Where lines travel (null: nowhere). */
  store: LineStore | null;
  /** `repo` is this machine's own clone, not the person's checkout. */
  clone: boolean;
}

type RepoProject = Pick<Project, "id" | "path" | "baseBranch">;
type Env = Readonly<Record<string, string | undefined>>;

/** Where this machine's clone of a project lives. */
export function cloneDirFor(dataDir: string, projectId: string): string {
  return path.join(dataDir, "repos", projectId);
}

const creating = new Map<string, Promise<Result<void, StoreFailure>>>();

export async function projectRepo(project: RepoProject, env: Env): Promise<Result<ProjectRepo, StoreFailure>> {
  const config = loadConfig(env);
  if (await isCheckoutOf(project.path)) return ok({ repo: project.path, store: lineStoreFor(project, config), clone: false });
  const clone = cloneDirFor(config.dataDir, project.id);
  const store = lineStoreFor(project, config);
  if (await repositoryExists(clone)) return ok({ repo: clone, store, clone: true });
  if (!store) {
    return err({
      kind: "missing",
      message:
        `the project's directory ${project.path} is not on this machine's disk, and its lines of work have no store to come from here: ` +
        "set ARBOR_GIT_STORE to a directory every machine reaches",
    });
  }
  // Two turns of this process making the clone at once wait for the same one.
  let made = creating.get(clone);
  if (!made) {
    made = makeClone(clone, store, project.baseBranch).finally(() => creating.delete(clone));
    creating.set(clone, made);
  }
  const result = await made;
  return result.ok ? ok({ repo: clone, store, clone: true }) : result;
}

/** Whether `dir` is here and is the top level of a git checkout (the person's main checkout of the project). */
async function isCheckoutOf(dir: string): Promise<boolean> {
  const isDir = await stat(dir).then(
    (s) => s.isDirectory(),
    () => false,
  );
  if (!isDir) return false;
  const topLevel = await workTreeTopLevel(dir).catch(() => null);
  return topLevel !== null && topLevel === (await realpath(dir).catch(() => dir));
}

class StoreProblem extends Error {
  constructor(readonly failure: StoreFailure) {
    super(failure.message);
  }
}

async function makeClone(dir: string, store: LineStore, baseBranch: string | null): Promise<Result<void, StoreFailure>> {
  if (!(await repositoryExists(store.url))) {
    return err({ kind: "unreachable", message: `${store.label} cannot be reached: there is no repository at ${store.url}` });
  }
  try {
    await initRepository(dir, {
      bare: false,
      fill: async (staged) => {
        const lines = await fetchFromStore({ repo: staged, store, refspecs: LINE_REFSPECS });
        if (!lines.ok) throw new StoreProblem(lines.error);
        if (!baseBranch) return;
        // A store without the base branch still serves Forks and Continues of its lines.
        const base = await fetchFromStore({ repo: staged, store, refspecs: [`+refs/heads/${baseBranch}:refs/heads/${baseBranch}`], updateHead: true });
        if (!base.ok && base.error.kind !== "missing") throw new StoreProblem(base.error);
      },
    });
    return ok(undefined);
  } catch (error) {
    if (error instanceof StoreProblem) return err(error.failure);
    throw error;
  }
}
