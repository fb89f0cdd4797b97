import type { PermissionMode } from "@/lib/permissions/constants";
import { buildOpencodeLaunch } from "@/server/agents/opencode/build-opencode-launch";
import { mapOpencodePermissions } from "@/server/agents/opencode/opencode-permissions";
import { recordedCapabilities, recordedContext } from "@/test/support/cli-capabilities";

const policy = (mode: PermissionMode, allow: string[] = [], deny: string[] = []) => ({ mode, allow, deny, source: "run" as const });
const permissionOf = (result: ReturnType<typeof mapOpencodePermissions>) =>
  result.ok && result.env.OPENCODE_PERMISSION ? (JSON.parse(result.env.OPENCODE_PERMISSION) as Record<string, unknown>) : null;
const EDITS = {
  "*": "deny",
  read: { "*": "allow", "*.env": "deny", "*.env.*": "deny", "*.env.example": "allow" },
  edit: "allow",
  glob: "allow",
  grep: "allow",
  list: "allow",
  todowrite: "allow",
  lsp: "allow",
  skill: "allow",
};

describe("mapOpencodePermissions", () => {
  it.each([
    ["edits: everything but files denied", policy("edits"), [], EDITS],
    ["trusted: --auto, nothing to add", policy("trusted"), ["--auto"], null],
    [
      "edits + allow Bash(npm test:*): the command and its longer forms",
      policy("edits", ["Bash(npm test:*)"]),
      [],
      { ...EDITS, bash: { "*": "deny", "npm test": "allow", "npm test *": "allow" } },
    ],
    ["edits + allow Bash(git status): exactly", policy("edits", ["Bash(git status)"]), [], { ...EDITS, bash: { "*": "deny", "git status": "allow" } }],
    ["edits + allow WebFetch", policy("edits", ["WebFetch"]), [], { ...EDITS, webfetch: "allow" }],
    ["edits + deny Edit: the last word", policy("edits", [], ["Edit"]), [], { ...EDITS, edit: "deny" }],
    ["trusted + deny Bash(rm:*)", policy("trusted", [], ["Bash(rm:*)"]), ["--auto"], { bash: { rm: "deny", "rm *": "deny" } }],
    ["trusted + deny Bash", policy("trusted", [], ["Bash"]), ["--auto"], { bash: "deny" }],
    [
      "allow and deny on bash: the deny comes last, so it wins",
      policy("edits", ["Bash(git:*)"], ["Bash(git push:*)"]),
      [],
      { ...EDITS, bash: { "*": "deny", git: "allow", "git *": "allow", "git push": "deny", "git push *": "deny" } },
    ],
  ])("%s", (_name, permissions, args, permission) => {
    const result = mapOpencodePermissions(permissions);
    expect(result).toMatchObject({ ok: true, args });
    expect(permissionOf(result)).toEqual(permission);
    // Key order is meaning to opencode (the last match wins).
    if (permission) expect(Object.keys(permissionOf(result)!)).toEqual(Object.keys(permission));
  });

  it("drops allows opencode would widen; broadens a glob deny with a note; fails denies it cannot express", () => {
    expect(mapOpencodePermissions(policy("edits", ["Bash(ls src/*)", "Bash(echo *:*)"]))).toMatchObject({
      ok: true,
      notes: [expect.stringContaining('"Bash(ls src/*)"'), expect.stringContaining('"Bash(echo *:*)"')],
    });
    expect(mapOpencodePermissions(policy("trusted", [], ["Bash(rm * -rf)"]))).toMatchObject({
      ok: true,
      notes: [expect.stringContaining('"Bash(rm * -rf)" reaches opencode as the pattern "rm * -rf"')],
    });
    for (const rule of ["Edit(src/**)", "WebFetch(domain:example.com)", "mcp__github", "Task(explore)"]) {
      expect(mapOpencodePermissions(policy("trusted", [], [rule]))).toMatchObject({ ok: false, message: expect.stringContaining(`deny rule "${rule}"`) });
    }
  });
});

describe("buildOpencodeLaunch with a policy", () => {
  const capabilities = recordedCapabilities("/bin/opencode", "1.18.33", { "": "opencode/__fixtures__/help-run-1.18.33.txt" });
  it("sets OPENCODE_PERMISSION and --auto, and refuses one set elsewhere", () => {
    expect(buildOpencodeLaunch({ mode: { kind: "new" }, prompt: "hi", permissions: policy("trusted") }, recordedContext(capabilities))).toMatchObject({
      ok: true,
      argv: ["/bin/opencode", "run", "--format", "json", "--auto"],
      env: { OPENCODE_DISABLE_AUTOUPDATE: "1" },
    });
    expect(
      buildOpencodeLaunch(
        { mode: { kind: "new" }, prompt: "hi", permissions: policy("edits") },
        recordedContext(capabilities, { env: { OPENCODE_PERMISSION: '"allow"' } }),
      ),
    ).toMatchObject({ ok: false, code: "agent_misconfigured", message: expect.stringContaining("OPENCODE_PERMISSION") });
  });
});
