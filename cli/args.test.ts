import { parseCliArgs } from "./args";

function ok(argv: string[]) {
  const r = parseCliArgs(argv);
  if (!r.ok) throw new Error(`expected ok, got: ${r.message}`);
  return r;
}
function bad(argv: string[]) {
  const r = parseCliArgs(argv);
  if (r.ok) throw new Error(`expected a usage error for ${JSON.stringify(argv)}`);
  return r;
}

describe("parseCliArgs", () => {
  it("parses run with options in any order", () => {
    expect(ok(["run", "ISSUE-1", "fix the bug", "--agent", "claude", "--cwd", "../x", "--follow"]).command).toEqual({
      name: "run",
      issueId: "ISSUE-1",
      prompt: "fix the bug",
      agent: "claude",
      cwd: "../x",
      fork: false,
      freshSession: false,
      follow: true,
      json: false,
    });
    expect(ok(["run", "-f", "--agent=claude", "ISSUE-2", "hi"]).command).toMatchObject({ issueId: "ISSUE-2", prompt: "hi", agent: "claude", follow: true });
  });

  it("omits agent/cwd when not given and joins an unquoted prompt", () => {
    const { command } = ok(["run", "ISSUE-1", "fix", "the", "bug"]);
    expect(command).toEqual({ name: "run", issueId: "ISSUE-1", prompt: "fix the bug", fork: false, freshSession: false, follow: false, json: false });
  });

  it("accepts a prompt that starts with a dash after --", () => {
    expect(ok(["run", "ISSUE-1", "--", "--weird prompt"]).command).toMatchObject({ prompt: "--weird prompt" });
  });

  it("parses continue and fork", () => {
    expect(ok(["continue", "abc", "more please", "--follow"]).command).toEqual({
      name: "continue",
      executionId: "abc",
      prompt: "more please",
      freshSession: false,
      follow: true,
      json: false,
    });
    expect(ok(["fork", "abc", "try again", "--json"]).command).toEqual({
      name: "fork",
      executionId: "abc",
      prompt: "try again",
      freshSession: false,
      follow: false,
      json: true,
    });
    expect(ok(["resume", "abc", "x"]).command.name).toBe("continue");
  });

  it("parses --fresh-session on continue, fork and run --session", () => {
    expect(ok(["continue", "abc", "go on", "--fresh-session"]).command).toMatchObject({ name: "continue", freshSession: true });
    expect(ok(["fork", "--fresh-session", "abc", "branch"]).command).toMatchObject({ name: "fork", freshSession: true, prompt: "branch" });
    expect(ok(["run", "ISSUE-1", "next", "--session", "SESS-3", "--fork", "--fresh-session"]).command).toEqual({
      name: "run",
      issueId: "ISSUE-1",
      prompt: "next",
      session: "SESS-3",
      fork: true,
      freshSession: true,
      follow: false,
      json: false,
    });
    expect(bad(["run", "ISSUE-1", "next", "--fresh-session"]).message).toMatch(/--fresh-session goes with --session SESS/);
    expect(bad(["run", "ISSUE-1", "next", "--fork"]).message).toMatch(/--fork goes with --session/);
  });

  it("parses where a run works: --project, --shared-directory, --from; and what does not go together", () => {
    expect(ok(["run", "ISSUE-1", "go", "--project", "PROJ-2", "--from", "v1.2"]).command).toEqual({
      name: "run",
      issueId: "ISSUE-1",
      prompt: "go",
      project: "PROJ-2",
      from: "v1.2",
      fork: false,
      freshSession: false,
      follow: false,
      json: false,
    });
    expect(ok(["run", "ISSUE-1", "go", "-p", "default", "--shared-directory"]).command).toMatchObject({ project: "default", sharedDirectory: true });
    expect(bad(["run", "ISSUE-1", "go", "--project", "PROJ-1", "--cwd", "x"]).message).toBe(
      "--project and --cwd do not go together: name a project or a directory",
    );
    expect(bad(["run", "ISSUE-1", "go", "--shared-directory", "--from", "main"]).message).toMatch(/--from does not go with --shared-directory/);
    expect(bad(["run", "ISSUE-1", "go", "--session", "SESS-1", "--project", "PROJ-1"]).message).toBe(
      "--project does not go with --session (the session's own agent, project and directory are used)",
    );
    expect(bad(["run", "ISSUE-1", "go", "--from", " "]).message).toBe("--from needs a value");
    expect(bad(["run", "ISSUE-1", "next", "--session", "SESS-1", "--cwd", "x"]).message).toMatch(/does not go with --session/);
  });

  it("parses restart (start-fresh) with or without the conversation", () => {
    expect(ok(["restart", "e1"]).command).toEqual({ name: "restart", executionId: "e1", withoutConversation: false, follow: false, json: false });
    expect(ok(["start-fresh", "e1", "a", "new", "prompt", "--without-conversation", "-f"]).command).toEqual({
      name: "restart",
      executionId: "e1",
      prompt: "a new prompt",
      withoutConversation: true,
      follow: true,
      json: false,
    });
    expect(bad(["restart"]).message).toMatch(/missing execution id/);
  });

  it("parses session --poison / --unpoison", () => {
    expect(ok(["session", "SESS-1", "--poison", "--note", "loops forever"]).command).toEqual({
      name: "session",
      sessionId: "SESS-1",
      poison: "mark",
      note: "loops forever",
      json: false,
    });
    expect(ok(["session", "SESS-1", "--unpoison"]).command).toEqual({ name: "session", sessionId: "SESS-1", poison: "clear", json: false });
    expect(bad(["session", "SESS-1", "--poison", "--unpoison"]).message).toMatch(/do not go together/);
    expect(bad(["session", "SESS-1", "--note", "x"]).message).toMatch(/--note goes with --poison/);
    expect(ok(["session", "SESS-1", "--no-warm"]).command).toEqual({ name: "session", sessionId: "SESS-1", keepWarm: false, json: false });
    expect(ok(["session", "SESS-1", "--warm"]).command).toEqual({ name: "session", sessionId: "SESS-1", keepWarm: true, json: false });
    expect(bad(["session", "SESS-1", "--warm", "--no-warm"]).message).toMatch(/do not go together/);
  });

  it("parses cancel, show, tree, issues, specs", () => {
    expect(ok(["cancel", "e1"]).command).toEqual({ name: "cancel", executionId: "e1", json: false });
    expect(ok(["show", "e1", "--json"]).command).toEqual({ name: "show", executionId: "e1", json: true });
    expect(ok(["tree", "ISSUE-1"]).command).toEqual({ name: "tree", issueId: "ISSUE-1", json: false });
    expect(ok(["issues"]).command).toEqual({ name: "issue", action: "list", json: false });
    expect(ok(["specs", "--json"]).command).toEqual({ name: "spec", action: "list", json: true });
    expect(ok(["agents", "--json"]).command).toEqual({ name: "agents", json: true });
  });

  it("reads --url", () => {
    expect(ok(["issues", "--url", "http://h:1"]).url).toBe("http://h:1");
    expect(ok(["issues"]).url).toBeUndefined();
    expect(ok(["--url", "http://h:2", "tree", "I"]).url).toBe("http://h:2");
    expect(ok(["--url=http://h:3", "issues"]).url).toBe("http://h:3");
    expect(bad(["--url"]).message).toBe("--url needs a value");
    expect(ok(["--url", "http://h", "help", "run"]).command).toEqual({ name: "help", topic: "run" });
  });

  it("handles help and version", () => {
    expect(ok([]).command).toEqual({ name: "help" });
    expect(ok(["help"]).command).toEqual({ name: "help" });
    expect(ok(["help", "run"]).command).toEqual({ name: "help", topic: "run" });
    expect(ok(["--help"]).command).toEqual({ name: "help" });
    expect(ok(["run", "--help"]).command).toEqual({ name: "help", topic: "run" });
    expect(ok(["tree", "-h"]).command).toEqual({ name: "help", topic: "tree" });
    expect(ok(["--version"]).command).toEqual({ name: "version" });
  });

  it("reports usage errors with the command's usage line", () => {
    expect(bad(["run"])).toMatchObject({ message: "missing issue id", usage: expect.stringContaining("arbor run <ISSUE>") });
    expect(bad(["run", "ISSUE-1"]).message).toBe("missing prompt");
    expect(bad(["run", "ISSUE-1", "  "]).message).toBe("missing prompt");
    expect(bad(["continue", "e1"]).message).toBe("missing prompt (or --with-review / --with-check)");
    expect(bad(["fork"]).message).toBe("missing execution id");
    expect(bad(["show"]).message).toBe("missing execution id");
    expect(bad(["show", "a", "b"]).message).toBe('unexpected argument "b"');
    expect(bad(["tree"]).message).toBe("missing issue id");
    expect(bad(["issues", "x"]).message).toBe('unexpected argument "x" (search with -q)');
    expect(bad(["show", "e1", "--follow"]).message).toBe('unknown option "--follow"');
    expect(bad(["run", "I", "p", "--agent"]).message).toBe("--agent needs a value");
    expect(bad(["run", "I", "p", "--agent", ""]).message).toBe("--agent needs a value");
    expect(bad(["frobnicate"])).toMatchObject({ message: 'unknown command "frobnicate"', usage: expect.stringContaining("arbor help") });
    expect(bad(["--json"]).message).toContain("unknown option");
  });
});
