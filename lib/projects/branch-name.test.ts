import { branchNameProblem } from "./branch-name";

// git's rules for a branch name (check-ref-format --branch), with the reason named.
describe("branchNameProblem", () => {
  it.each(["main", "develop", "feature/x-1", "release/2026.11", "arbor/ISSUE-3/1f2e3d4c", "user@host", "v1.0", "UPPER_case"])("accepts %s", (name) => {
    expect(branchNameProblem(name)).toBeNull();
  });

  it.each([
    ["main~0", '"main~0" is not a branch name: "~" is revision syntax'],
    ["main^0", '"main^0" is not a branch name: "^" is revision syntax'],
    ["main@{0}", '"main@{0}" is not a branch name: "@{…}" is revision syntax'],
    ["@{-1}", '"@{-1}" is not a branch name: "@{…}" is revision syntax'],
    ["main:README.md", '"main:README.md" is not a branch name: ":" is revision syntax'],
    ["HEAD", '"HEAD" is not a branch name: "HEAD" names whatever is checked out'],
    ["@", '"@" is not a branch name: "@" names whatever is checked out'],
    ["-main", '"-main" is not a branch name: it starts with -'],
    ["a b", '"a b" is not a branch name: it contains a space or a control character'],
    ["a\tb", '"a\\tb" is not a branch name: it contains a space or a control character'],
    ["a*", '"a*" is not a branch name: it contains "*"'],
    ["a?", '"a?" is not a branch name: it contains "?"'],
    ["a[b", '"a[b" is not a branch name: it contains "["'],
    ["a\\b", '"a\\\\b" is not a branch name: it contains "\\"'],
    ["a..b", '"a..b" is not a branch name: it contains ".."'],
    ["/main", '"/main" is not a branch name: it has an empty part'],
    ["main/", '"main/" is not a branch name: it has an empty part'],
    ["a//b", '"a//b" is not a branch name: it has an empty part'],
    ["main.", '"main." is not a branch name: it ends with "."'],
    ["feature/.hidden", '"feature/.hidden" is not a branch name: a part of it starts with "."'],
    ["main.lock", '"main.lock" is not a branch name: a part of it ends with ".lock"'],
    ["", '"" is not a branch name: it is empty'],
  ])("refuses %j, naming it", (name, why) => {
    expect(branchNameProblem(name)).toMatch(new RegExp(`^${why.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`));
  });
});
