import { parseCliArgs } from "./args";

const parse = (...argv: string[]) => parseCliArgs(argv);

describe("arbor project", () => {
  it("parses add with its options, list (also bare and as `projects`), show and remove", () => {
    expect(parse("project", "add", "../shop", "--name", "Shop", "--base-branch", "develop", "-a", "claude")).toEqual({
      ok: true,
      command: { name: "project", action: "add", path: "../shop", projectName: "Shop", baseBranch: "develop", agent: "claude", json: false },
    });
    expect(parse("project", "add", ".")).toEqual({ ok: true, command: { name: "project", action: "add", path: ".", json: false } });
    expect(parse("project", "add", ".", "--run-hooks-on-apply", "--mode", "ask", "--allow", "Bash(npm test:*)")).toEqual({
      ok: true,
      command: { name: "project", action: "add", path: ".", runHooksOnApply: true, permissions: { mode: "ask", allow: ["Bash(npm test:*)"] }, json: false },
    });
    expect(parse("project", "show", "PROJ-1", "--run-hooks-on-apply")).toMatchObject({ ok: false, message: "--run-hooks-on-apply only goes with add or edit" });
    expect(parse("project", "list", "--json")).toEqual({ ok: true, command: { name: "project", action: "list", archived: false, json: true } });
    expect(parse("project", "list", "--archived")).toEqual({ ok: true, command: { name: "project", action: "list", archived: true, json: false } });
    expect(parse("projects")).toEqual({ ok: true, command: { name: "project", action: "list", archived: false, json: false } });
    expect(parse("project", "show", "PROJ-1")).toEqual({ ok: true, command: { name: "project", action: "show", projectId: "PROJ-1", json: false } });
    expect(parse("project", "rm", "proj-2")).toEqual({ ok: true, command: { name: "project", action: "remove", projectId: "proj-2", json: false } });
  });

  it("parses edit: only what is given changes; --agent none, --no-run-hooks-on-apply and --clear-permissions clear", () => {
    expect(parse("project", "edit", "PROJ-1", "--name", "Shop", "--base-branch", "main", "--agent", "codex")).toEqual({
      ok: true,
      command: { name: "project", action: "edit", projectId: "PROJ-1", projectName: "Shop", baseBranch: "main", agent: "codex", json: false },
    });
    expect(parse("project", "edit", "PROJ-1", "--agent", "none", "--no-run-hooks-on-apply", "--clear-permissions")).toEqual({
      ok: true,
      command: { name: "project", action: "edit", projectId: "PROJ-1", agent: null, runHooksOnApply: false, permissions: null, json: false },
    });
    expect(parse("project", "edit", "default", "--mode", "edits", "--deny", "Bash(git push:*)", "--deny", "WebFetch")).toEqual({
      ok: true,
      command: { name: "project", action: "edit", projectId: "default", permissions: { mode: "edits", deny: ["Bash(git push:*)", "WebFetch"] }, json: false },
    });
    expect(parse("project", "edit", "PROJ-1", "--run-hooks-on-apply")).toMatchObject({ command: { runHooksOnApply: true } });
  });

  it("parses --mcp / --no-mcp: whether the project's runs get Arbor's MCP server (add: on unless --no-mcp)", () => {
    expect(parse("project", "add", ".", "--no-mcp")).toEqual({ ok: true, command: { name: "project", action: "add", path: ".", mcp: false, json: false } });
    expect(parse("project", "edit", "PROJ-1", "--mcp")).toEqual({
      ok: true,
      command: { name: "project", action: "edit", projectId: "PROJ-1", mcp: true, json: false },
    });
    expect(parse("project", "edit", "PROJ-1", "--no-mcp", "--name", "Shop")).toMatchObject({ ok: true, command: { mcp: false, projectName: "Shop" } });
    expect(parse("project", "edit", "PROJ-1", "--mcp", "--no-mcp")).toMatchObject({ ok: false, message: "--mcp and --no-mcp do not go together" });
    expect(parse("project", "show", "PROJ-1", "--no-mcp")).toMatchObject({ ok: false, message: "--no-mcp only goes with add or edit" });
    expect(parse("project", "edit", "PROJ-1", "--mcp=yes")).toMatchObject({ ok: false });
    expect(parse("project", "edit", "PROJ-1")).toMatchObject({ ok: false, message: expect.stringContaining("--mcp / --no-mcp") });
  });

  it("parses archive and unarchive, and clean with --delete-branches", () => {
    expect(parse("project", "archive", "PROJ-3")).toEqual({ ok: true, command: { name: "project", action: "archive", projectId: "PROJ-3", json: false } });
    expect(parse("project", "unarchive", "PROJ-3", "--json")).toEqual({
      ok: true,
      command: { name: "project", action: "unarchive", projectId: "PROJ-3", json: true },
    });
    expect(parse("project", "clean", "PROJ-1", "--delete-branches", "--json")).toEqual({
      ok: true,
      command: { name: "project", action: "clean", projectId: "PROJ-1", deleteBranches: true, json: true },
    });
    expect(parse("project", "clean")).toMatchObject({ ok: false, message: "missing project id (e.g. PROJ-1)" });
    expect(parse("project", "show", "PROJ-1", "--delete-branches")).toMatchObject({ ok: false, message: "--delete-branches only goes with clean" });
  });

  it.each([
    [["project", "add"], "missing the directory to register"],
    [["project", "show"], "missing project id (e.g. PROJ-1)"],
    [["project", "archive"], "missing project id (e.g. PROJ-1)"],
    [["project", "edit", "PROJ-1"], /^nothing to change: give --name/],
    [["project", "edit", "--name", "x"], "missing project id (e.g. PROJ-1)"],
    [["project", "list", "--name", "x"], "--name only goes with add or edit"],
    [["project", "show", "PROJ-1", "--archived"], "--archived only goes with list"],
    [["project", "add", ".", "--clear-permissions"], "--clear-permissions only goes with edit"],
    [["project", "add", ".", "--no-run-hooks-on-apply"], "--no-run-hooks-on-apply only goes with edit"],
    [["project", "edit", "PROJ-1", "--run-hooks-on-apply", "--no-run-hooks-on-apply"], "--run-hooks-on-apply and --no-run-hooks-on-apply do not go together"],
    [["project", "edit", "PROJ-1", "--mode", "ask", "--clear-permissions"], "--clear-permissions does not go with --mode, --allow or --deny"],
    [["project", "edit", "PROJ-1", "--allow", "Edit"], /^--allow goes with --mode/],
    [["project", "edit", "PROJ-1", "--mode", "yolo"], "--mode must be one of ask, edits, plan, trusted"],
    [["project", "add", ".", "--base-branch", " "], "--base-branch needs a value"],
    [["project", "frobnicate"], 'unknown action "frobnicate": one of add, edit, list, show, archive, unarchive, remove, clean'],
    [["project", "show", "PROJ-1", "PROJ-2"], 'unexpected argument "PROJ-2"'],
  ] as const)("%j: %s", (argv, message) => {
    const parsed = parse(...argv);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.message).toMatch(message);
  });
});

describe("arbor diff / apply", () => {
  it("parses one or two executions, --stat; apply squashes unless --merge, and takes --message, --yes", () => {
    expect(parse("diff", "abc")).toEqual({ ok: true, command: { name: "diff", executionId: "abc", stat: false, json: false } });
    expect(parse("diff", "abc", "def", "--stat")).toEqual({ ok: true, command: { name: "diff", executionId: "abc", otherId: "def", stat: true, json: false } });
    expect(parse("apply", "abc")).toEqual({
      ok: true,
      command: { name: "apply", executionId: "abc", strategy: "squash", yes: false, stat: false, json: false },
    });
    expect(parse("apply", "abc", "--merge", "-m", "Use it", "-y", "--stat")).toEqual({
      ok: true,
      command: { name: "apply", executionId: "abc", strategy: "merge", message: "Use it", yes: true, stat: true, json: false },
    });
    expect(parse("apply", "abc", "--squash", "--yes")).toMatchObject({ ok: true, command: { strategy: "squash", yes: true } });
  });

  it("explains what is wrong", () => {
    expect(parse("diff")).toMatchObject({ ok: false, message: "missing execution id", usage: expect.stringContaining("arbor diff") });
    expect(parse("diff", "a", "b", "c")).toMatchObject({ ok: false, message: 'unexpected argument "c"' });
    expect(parse("apply")).toMatchObject({ ok: false, message: "missing execution id" });
    expect(parse("apply", "a", "--message", "")).toMatchObject({ ok: false, message: "--message needs a value" });
    expect(parse("apply", "a", "--squash", "--merge")).toMatchObject({ ok: false, message: "--squash and --merge do not go together" });
    expect(parse("apply", "a", "--rebase")).toMatchObject({ ok: false, message: 'unknown option "--rebase"' });
  });
});
