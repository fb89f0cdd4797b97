import { chooseLineStore } from "./line-store";

describe("chooseLineStore", () => {
  it("ARBOR_GIT_STORE: the project's own bare repository there", () => {
    expect(chooseLineStore({ gitStore: "/srv/arbor-git", projectId: "PROJ-3" })).toEqual({ kind: "directory", dir: "/srv/arbor-git/PROJ-3.git" });
  });

  it("else nothing travels (never the person's own remote: a snapshot holds untracked files too)", () => {
    expect(chooseLineStore({ gitStore: null, projectId: "PROJ-3" })).toBeNull();
  });
});
