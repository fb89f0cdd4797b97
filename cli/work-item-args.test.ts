import { parseCliArgs } from "./args";
import { helpText } from "./commands/help";

describe("arbor issue / arbor spec arguments", () => {
  it.each<[string[], unknown]>([
    [["issue", "create", "Fix", "the", "login", "bug"], { name: "issue", action: "create", title: "Fix the login bug", json: false }],
    [
      ["issue", "create", "Fix it", "--body", "## Steps\n1. log in", "-p", "PROJ-2", "--spec", "spec-1", "--priority", "high", "--json"],
      {
        name: "issue",
        action: "create",
        title: "Fix it",
        body: { from: "text", text: "## Steps\n1. log in" },
        project: "PROJ-2",
        spec: "spec-1",
        priority: "high",
        json: true,
      },
    ],
    [["issue", "create", "Fix it", "--body", "-"], { name: "issue", action: "create", title: "Fix it", body: { from: "stdin" }, json: false }],
    [["issue", "create", "Fix it", "--body-file", "-"], { name: "issue", action: "create", title: "Fix it", body: { from: "stdin" }, json: false }],
    [
      ["issue", "create", "Fix it", "--body-file", "notes/bug.md", "--project", "default"],
      { name: "issue", action: "create", title: "Fix it", body: { from: "file", path: "notes/bug.md" }, project: "default", json: false },
    ],
    [
      ["issue", "list", "--project", "PROJ-1", "--status", "in_progress", "--spec", "SPEC-2", "-q", "login"],
      { name: "issue", action: "list", project: "PROJ-1", status: "in_progress", spec: "SPEC-2", q: "login", json: false },
    ],
    [["issues", "-q", "login"], { name: "issue", action: "list", q: "login", json: false }],
    [["ls", "--status", "open"], { name: "issue", action: "list", status: "open", json: false }],
    [["issue", "show", "issue-3"], { name: "issue", action: "show", id: "issue-3", json: false }],
    [
      ["spec", "create", "Auth", "--body-file", "auth.md", "-p", "PROJ-1"],
      { name: "spec", action: "create", title: "Auth", body: { from: "file", path: "auth.md" }, project: "PROJ-1", json: false },
    ],
    [["spec", "list", "--project", "default"], { name: "spec", action: "list", project: "default", json: false }],
    [["specs", "--json"], { name: "spec", action: "list", json: true }],
    [["spec", "show", "SPEC-1", "--json"], { name: "spec", action: "show", id: "SPEC-1", json: true }],
  ])("%j", (argv, command) => {
    expect(parseCliArgs(argv)).toEqual({ ok: true, command });
  });

  it.each<[string[], string]>([
    [["issue"], "missing action: one of create, list, show"],
    [["issue", "delete", "ISSUE-1"], 'unknown action "delete": one of create, list, show'],
    [["issue", "create"], 'missing title, e.g. arbor issue create "Fix the login bug"'],
    [["issue", "create", "  "], 'missing title, e.g. arbor issue create "Fix the login bug"'],
    [["issue", "create", "T", "--body", "x", "--body-file", "f.md"], "give --body or --body-file, not both"],
    [["issue", "create", "T", "--status", "done"], "--status only goes with list"],
    [["issue", "list", "--priority", "high"], "--priority only goes with create"],
    [["issue", "show", "ISSUE-1", "--project", "PROJ-1"], "--project only goes with create and list"],
    [["issue", "show"], "missing issue id (e.g. ISSUE-1)"],
    [["issue", "show", "ISSUE-1", "ISSUE-2"], 'unexpected argument "ISSUE-2"'],
    [["issue", "list", "--project", " "], "--project needs a value"],
    [["issue", "create", "T", "--spec", ""], "--spec needs a value"],
    [["spec", "create", "T", "--spec", "SPEC-1"], 'unknown option "--spec"'],
    [["spec", "list", "--status", "open"], 'unknown option "--status"'],
    [["specs", "x"], 'unexpected argument "x" (search with -q)'],
  ])("%j is refused", (argv, message) => {
    const parsed = parseCliArgs(argv);
    expect(parsed).toMatchObject({ ok: false, message });
    if (!parsed.ok) expect(parsed.usage).toMatch(new RegExp(`^usage: arbor ${argv[0].replace(/s$/, "")} `));
  });

  it("documents both groups; `arbor help issues` is the issue group's help", () => {
    const issue = helpText("issue");
    expect(issue.ok).toBe(true);
    expect(issue.text).toContain('arbor issue create "<title>"');
    expect(issue.text).toContain("--body-file");
    expect(helpText("issues")).toEqual(issue);
    expect(helpText("spec").text).toContain("show SPEC");
    expect(helpText().text).toContain("short id the app and `arbor tree` show");
  });
});
