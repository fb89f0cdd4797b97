import { directoryRelation, type DirectoryRelation } from "./directory-relation";

// "No run writes into a registered project's main checkout, whatever
// directory it was given": a run that has no worktree of its own may not
// work in a registered project's directory, inside it, or around it — except
// that project's own runs in it when the person chose its shared directory,
// or when it is not git (its runs share its files by design, and the run
// form says so). Checked when a run is created (resolve-run-place.ts) and
// again by the runner right before the agent starts. Pure.

export type RegisteredDirectory = { id: string; name: string; path: string; isGitRepo: boolean; archived: boolean };

export type ProjectClash = { project: RegisteredDirectory; relation: DirectoryRelation };

/** The registered directory `dir` is, else one it lies inside, else one it contains; null when none. */
export function projectClash(dir: string, registered: readonly RegisteredDirectory[]): ProjectClash | null {
  const clashes = registered.flatMap((project) => {
    const relation = directoryRelation(dir, project.path);
    return relation ? [{ project, relation }] : [];
  });
  return clashes.find((c) => c.relation === "same") ?? clashes.find((c) => c.relation === "inside") ?? clashes[0] ?? null;
}

/** What a run is, for the rule: its project and whether the person chose the shared directory. */
export type RunIdentity = { projectId: string | null; sharedDirectory: boolean };

/** Why a run without a worktree may not work in `dir` (a real path), in words; null when it may. */
export function mainCheckoutProblem(dir: string, run: RunIdentity, registered: readonly RegisteredDirectory[]): string | null {
  const clash = projectClash(dir, registered);
  if (!clash) return null;
  const { project, relation } = clash;
  if (relation === "same" && run.projectId === project.id && (run.sharedDirectory || !project.isGitRepo)) {
    // Its own directory; one that also holds another project is still refused.
    const other = projectClash(
      dir,
      registered.filter((p) => p.id !== project.id),
    );
    return other ? describeClash(dir, other) : null;
  }
  return describeClash(dir, clash);
}

/** The refusal in words: whose main checkout, and what to do instead. */
export function describeClash(dir: string, { project, relation }: ProjectClash): string {
  const named = `${project.id} (${project.name}, ${project.path})`;
  const instead = project.isGitRepo
    ? `Run it in ${project.id}: each line of work gets a worktree of its own (or choose its shared directory, on purpose).`
    : `Run it in ${project.id}.`;
  switch (relation) {
    case "same":
      return `${dir} is the main checkout of ${named}, which no run writes into. ${instead}`;
    case "inside":
      return `${dir} is inside the main checkout of ${named}, which no run writes into. ${instead}`;
    case "contains":
      return `${dir} contains the main checkout of ${named}: an agent working there could change it. Choose a directory that holds no registered project, or run in ${project.id}.`;
  }
}
