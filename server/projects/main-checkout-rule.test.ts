import { mainCheckoutProblem, projectClash, type RegisteredDirectory } from "./main-checkout-rule";

const shop: RegisteredDirectory = { id: "PROJ-1", name: "shop", path: "/code/shop", isGitRepo: true, archived: false };
const notes: RegisteredDirectory = { id: "PROJ-2", name: "notes", path: "/code/notes", isGitRepo: false, archived: false };
const old: RegisteredDirectory = { id: "PROJ-3", name: "old", path: "/code/old", isGitRepo: true, archived: true };
const registered = [shop, notes, old];

const loose = { projectId: null, sharedDirectory: false };

describe("mainCheckoutProblem", () => {
  it.each([
    // [directory, run, refused?]
    ["/workspace", loose, null],
    ["/code/shop-2", loose, null],
    ["/code/shop", loose, /is the main checkout of PROJ-1 \(shop, \/code\/shop\), which no run writes into\. Run it in PROJ-1: each line of work/],
    ["/code/shop/src", loose, /is inside the main checkout of PROJ-1/],
    ["/code", loose, /contains the main checkout of PROJ-1/],
    ["/", loose, /contains the main checkout of PROJ-1/],
    // An archived project's checkout stays protected.
    ["/code/old", loose, /main checkout of PROJ-3/],
    // The project's own run: only in its shared directory, chosen on purpose.
    ["/code/shop", { projectId: "PROJ-1", sharedDirectory: false }, /is the main checkout of PROJ-1/],
    ["/code/shop", { projectId: "PROJ-1", sharedDirectory: true }, null],
    ["/code/shop/src", { projectId: "PROJ-1", sharedDirectory: true }, /inside the main checkout of PROJ-1/],
    ["/code/shop", { projectId: "PROJ-2", sharedDirectory: true }, /main checkout of PROJ-1/],
    // A directory that is not git: its own runs share it by design.
    ["/code/notes", { projectId: "PROJ-2", sharedDirectory: false }, null],
    ["/code/notes", loose, /is the main checkout of PROJ-2 \(notes, \/code\/notes\), which no run writes into\. Run it in PROJ-2\.$/],
  ] as const)("%s for %j: %s", (dir, run, expected) => {
    const problem = mainCheckoutProblem(dir, run, registered);
    if (expected === null) expect(problem).toBeNull();
    else expect(problem).toMatch(expected);
  });

  it("refuses a project's own directory when it also holds another project", () => {
    const outer: RegisteredDirectory = { id: "PROJ-9", name: "code", path: "/code", isGitRepo: false, archived: false };
    expect(mainCheckoutProblem("/code", { projectId: "PROJ-9", sharedDirectory: false }, [outer, shop])).toMatch(/contains the main checkout of PROJ-1/);
  });
});

describe("projectClash", () => {
  it("names the directory itself first, then the one around it, then one inside it", () => {
    const inner: RegisteredDirectory = { ...shop, id: "PROJ-7", path: "/code/shop/vendor/lib" };
    expect(projectClash("/code/shop", [inner, shop])).toMatchObject({ project: { id: "PROJ-1" }, relation: "same" });
    expect(projectClash("/code/shop/vendor", [inner, shop])).toMatchObject({ project: { id: "PROJ-1" }, relation: "inside" });
    expect(projectClash("/code/api", registered)).toBeNull();
  });
});
