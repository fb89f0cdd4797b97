import "server-only";
import path from "node:path";
import type { ArborConfig } from "@/server/config/load-config";
import type { Project } from "@/server/generated/prisma/client";
import type { LineStore } from "@/server/git/line-store";

// Which store a project's lines of work travel through (issue 24): with
// ARBOR_GIT_STORE set, the bare repository `<ARBOR_GIT_STORE>/<PROJ-n>.git`,
// which Arbor makes on first use, on every machine alike; else none: nothing
// travels, and a runner works only where the project's checkout is.
// Never the project's own remote, although it could carry Arbor's refs: a
// snapshot is the whole worktree, untracked files and whatever an agent wrote
// included, and a turn's snapshot must not reach a forge (a public one, say)
// unless a person pushes it (Push, server/pulls/).

export type StoreChoice = { kind: "directory"; dir: string } | null;

/** The rule, pure. */
export function chooseLineStore(input: { gitStore: string | null; projectId: string }): StoreChoice {
  return input.gitStore ? { kind: "directory", dir: path.join(input.gitStore, `${input.projectId}.git`) } : null;
}

/** The project's store (null: its lines do not travel). */
export function lineStoreFor(project: Pick<Project, "id">, config: Pick<ArborConfig, "gitStore">): LineStore | null {
  const choice = chooseLineStore({ gitStore: config.gitStore, projectId: project.id });
  return choice ? { kind: "directory", url: choice.dir, label: `the line store ${choice.dir} (ARBOR_GIT_STORE)` } : null;
}
