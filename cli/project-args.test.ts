import { parseCliArgs } from "./args";

const parse = (...argv: string[]) => parseCliArgs(argv);

describe("arbor project", () => {
  it("parses add with its options, list (also bare and as `projects`), show and remove", () => {
    expect(parse("project", "add", "../shop", "--name", "Shop", "--base-branch", "develop", "-a", "claude")).toEqual({
      ok: true,
      command: { name: "project", action: "add", path: "../shop", projectName: "Shop", baseBranch: "develop", agent: "claude", json: false },
    });
    expect(parse("project", "add", ".")).toEqual({ ok: true, command: { name: "project", action: "add", path: ".", json: false } });
    expect(parse("project", "add", ".", "--run-hooks-on-apply")).toEqual({
      ok: true,
      command: { name: "project", action: "add", path: ".", runHooksOnApply: true, json: false },
    });
    expect(parse("project", "show", "PROJ-1", "--run-hooks-on-apply")).toMatchObject({ ok: false, message: "--run-hooks-on-apply only goes with add" });
    expect(parse("project", "list", "--json")).toEqual({ ok: true, command: { name: "project", action: "list", json: true } });
    expect(parse("projects")).toEqual({ ok: true, command: { name: "project", action: "list", json: false } });
    expect(parse("project", "show", "PROJ-1")).toEqual({ ok: true, command: { name: "project", action: "show", projectId: "PROJ-1", json: false } });
    expect(parse("project", "rm", "proj-2")).toEqual({ ok: true, command: { name: "project", action: "remove", projectId: "proj-2", json: false } });
  });

  it("parses clean, with --delete-branches", () => {
    expect(parse("project", "clean", "PROJ-1")).toEqual({
      ok: true,
      command: { name: "project", action: "clean", projectId: "PROJ-1", deleteBranches: false, json: false },
    });
    expect(parse("project", "clean", "PROJ-1", "--delete-branches", "--json")).toEqual({
      ok: true,
      command: { name: "project", action: "clean", projectId: "PROJ-1", deleteBranches: true, json: true },
    });
    expect(parse("project", "clean")).toMatchObject({ ok: false, message: "missing project id (e.g. PROJ-1)" });
    expect(parse("project", "show", "PROJ-1", "--delete-branches")).toMatchObject({ ok: false, message: "--delete-branches only goes with clean" });
  });

  it("explains what is wrong", () => {
    expect(parse("project", "add")).toMatchObject({ ok: false, message: "missing the directory to register" });
    expect(parse("project", "show")).toMatchObject({ ok: false, message: "missing project id (e.g. PROJ-1)" });
    expect(parse("project", "list", "--name", "x")).toMatchObject({ ok: false, message: "--name only goes with add" });
    expect(parse("project", "add", ".", "--base-branch", " ")).toMatchObject({ ok: false, message: "--base-branch needs a value" });
    expect(parse("project", "frobnicate")).toMatchObject({ ok: false, message: 'unknown action "frobnicate": one of add, list, show, remove, clean' });
    expect(parse("project", "show", "PROJ-1", "PROJ-2")).toMatchObject({ ok: false, message: 'unexpected argument "PROJ-2"' });
  });
});

describe("arbor diff / apply", () => {
  it("parses one or two executions, --stat; --squash and --message", () => {
    expect(parse("diff", "abc")).toEqual({ ok: true, command: { name: "diff", executionId: "abc", stat: false, json: false } });
    expect(parse("diff", "abc", "def", "--stat")).toEqual({ ok: true, command: { name: "diff", executionId: "abc", otherId: "def", stat: true, json: false } });
    expect(parse("apply", "abc", "--squash", "-m", "Use it")).toEqual({
      ok: true,
      command: { name: "apply", executionId: "abc", squash: true, message: "Use it", json: false },
    });
    expect(parse("apply", "abc")).toEqual({ ok: true, command: { name: "apply", executionId: "abc", squash: false, json: false } });
  });

  it("explains what is wrong", () => {
    expect(parse("diff")).toMatchObject({ ok: false, message: "missing execution id", usage: expect.stringContaining("arbor diff") });
    expect(parse("diff", "a", "b", "c")).toMatchObject({ ok: false, message: 'unexpected argument "c"' });
    expect(parse("apply")).toMatchObject({ ok: false, message: "missing execution id" });
    expect(parse("apply", "a", "--message", "")).toMatchObject({ ok: false, message: "--message needs a value" });
    expect(parse("apply", "a", "--rebase")).toMatchObject({ ok: false, message: 'unknown option "--rebase"' });
  });
});
