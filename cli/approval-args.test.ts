import { parseCliArgs } from "./args";

const parse = (...argv: string[]) => parseCliArgs(argv);

describe("people-in-the-loop commands", () => {
  it.each<[string[], unknown]>([
    [["inbox"], { name: "inbox", all: false, json: false }],
    [["inbox", "--all", "--json"], { name: "inbox", all: true, json: true }],
    [["approve", "APR-3"], { name: "approve", approvalId: "APR-3", scope: "once", json: false }],
    [["approve", "3", "--session"], { name: "approve", approvalId: "3", scope: "session", json: false }],
    [["approve", "APR-3", "--project"], { name: "approve", approvalId: "APR-3", scope: "project", json: false }],
    [
      ["approve", "APR-4", "--answer", "Which color?=Blue", "--answer", "Size = L"],
      { name: "approve", approvalId: "APR-4", scope: "once", answers: { "Which color?": "Blue", Size: "L" }, json: false },
    ],
    [["deny", "APR-3", "-m", "use python"], { name: "deny", approvalId: "APR-3", message: "use python", json: false }],
  ])("%j", (argv, command) => {
    expect(parse(...argv)).toEqual({ ok: true, command });
  });

  it.each<[string[], string]>([
    [["approve"], "missing approval id"],
    [["approve", "APR-3", "--session", "--project"], "do not go together"],
    [["approve", "APR-3", "--answer", "no equals sign"], '"question=answer"'],
    [["deny", "APR-3", "because"], "a message goes after -m"],
    [["inbox", "extra"], 'unexpected argument "extra"'],
  ])("refuses %j", (argv, words) => {
    const parsed = parse(...argv);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.message).toContain(words);
  });
});

describe("a turn's permission flags", () => {
  it("run, continue and fork take --mode with repeatable --allow and --deny", () => {
    expect(parse("run", "ISSUE-1", "fix it", "--mode", "ask", "--allow", "Bash(npm test:*)", "--allow", "Edit", "--deny", "Bash(git push:*)")).toMatchObject({
      ok: true,
      command: { name: "run", permissions: { mode: "ask", allow: ["Bash(npm test:*)", "Edit"], deny: ["Bash(git push:*)"] } },
    });
    expect(parse("continue", "3f2a9c1e", "go on", "--mode", "trusted")).toMatchObject({
      ok: true,
      command: { name: "continue", permissions: { mode: "trusted" } },
    });
    expect(parse("fork", "3f2a9c1e", "again")).toMatchObject({ ok: true, command: { name: "fork" } });
    const plain = parse("fork", "3f2a9c1e", "again");
    expect(plain.ok && "permissions" in plain.command).toBe(false);
  });

  it.each<[string[], string]>([
    [["run", "ISSUE-1", "x", "--mode", "yolo"], "--mode must be one of ask, edits, plan, trusted"],
    [["run", "ISSUE-1", "x", "--allow", "Edit"], "--allow goes with --mode"],
    [["continue", "3f2a9c1e", "x", "--deny", "Bash"], "--deny goes with --mode"],
  ])("refuses %j", (argv, words) => {
    const parsed = parse(...argv);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.message).toContain(words);
  });
});
