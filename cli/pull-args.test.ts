import { parseCliArgs } from "./args";

const parsed = (argv: string[]) => {
  const r = parseCliArgs(argv);
  if (!r.ok) throw new Error(r.message);
  return r.command;
};
const bad = (argv: string[]) => {
  const r = parseCliArgs(argv);
  if (r.ok) throw new Error("expected a usage error");
  return r.message;
};

describe("push, pr and continue --with-review", () => {
  it("parses push and pr", () => {
    expect(parsed(["push", "3f2a9c1e"])).toEqual({ name: "push", executionId: "3f2a9c1e", json: false });
    expect(parsed(["pr", "3f2a9c1e", "--title", "Fix login", "--body", "Why"])).toEqual({
      name: "pr",
      action: "open",
      executionId: "3f2a9c1e",
      title: "Fix login",
      body: "Why",
      json: false,
    });
    expect(parsed(["pr", "status", "3f2a9c1e", "--json"])).toEqual({ name: "pr", action: "status", executionId: "3f2a9c1e", json: true });
    expect(bad(["pr", "status", "3f2a9c1e", "--title", "x"])).toContain("--title and --body go with opening");
    expect(bad(["push"])).toBe("missing execution id");
  });

  it("continue: --with-review / --with-check make the prompt optional and are sent", () => {
    expect(parsed(["continue", "3f2a9c1e", "--with-review"])).toMatchObject({ name: "continue", prompt: "", withReview: true });
    expect(parsed(["continue", "3f2a9c1e", "fix it too", "--with-check"])).toMatchObject({ prompt: "fix it too", withCheck: true });
    expect(parsed(["continue", "3f2a9c1e", "go on"])).not.toHaveProperty("withReview");
  });
});
