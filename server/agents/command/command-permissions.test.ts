import { mapAiderPermissions } from "@/server/agents/aider/aider-permissions";
import { buildAiderLaunch } from "@/server/agents/aider/build-aider-launch";
import { buildCommandLaunch } from "@/server/agents/command/build-command-launch";
import { mapCommandPermissions } from "@/server/agents/command/command-permissions";

// The two agents that take no rules: the plain command (Arbor cannot narrow
// it) and aider (headless, it runs no shell command anyway).

const policy = (mode: "edits" | "trusted" | "ask", allow: string[] = [], deny: string[] = []) => ({ mode, allow, deny, source: "project" as const });

describe("the plain command under a policy", () => {
  it("runs only as trusted, and cannot enforce a deny rule", () => {
    expect(mapCommandPermissions(policy("trusted", ["Bash(npm test:*)"]))).toEqual({ ok: true, notes: [] });
    expect(mapCommandPermissions(policy("edits"))).toMatchObject({ ok: false, message: expect.stringContaining('"edits"') });
    expect(mapCommandPermissions(policy("trusted", [], ["Bash(rm:*)"]))).toMatchObject({
      ok: false,
      message: expect.stringContaining('deny rule "Bash(rm:*)"'),
    });
  });

  it("keeps its argv", () => {
    expect(
      buildCommandLaunch({ mode: { kind: "new" }, prompt: "hi", permissions: policy("trusted") }, { binaryPath: "/bin/echo", capabilities: null, env: {} }),
    ).toEqual({
      ok: true,
      argv: ["/bin/echo", "hi"],
      env: {},
      expectedSessionId: null,
    });
  });
});

describe("aider under a policy", () => {
  it("runs only as edits; allow rules are dropped with a note; a deny holds only for what it never does", () => {
    expect(mapAiderPermissions(policy("edits", ["Bash(npm test:*)"], ["Bash(rm:*)", "WebFetch"]))).toEqual({
      ok: true,
      notes: [expect.stringContaining('"Bash(npm test:*)" was not given to aider')],
    });
    expect(mapAiderPermissions(policy("trusted"))).toMatchObject({ ok: false, code: "agent_unsupported" });
    expect(mapAiderPermissions(policy("edits", [], ["Edit(secrets/**)"]))).toMatchObject({ ok: false, message: expect.stringContaining("Edit(secrets/**)") });
  });
});

describe("buildAiderLaunch under a policy", () => {
  const K = "11111111-1111-4111-8111-111111111111";
  const flags = [
    "--yes-always",
    "--no-pretty",
    "--no-stream",
    "--no-auto-commits",
    "--chat-history-file",
    "--input-history-file",
    "--message",
    "--no-detect-urls",
  ];
  const context = {
    binaryPath: "/bin/aider",
    capabilities: { binaryPath: "/bin/aider", version: null, flags: new Set(flags), choices: new Map() },
    env: {},
    homeDir: "/h",
  };

  it("adds --no-detect-urls (documented: aider fetches URLs from the chat otherwise)", () => {
    const request = { mode: { kind: "new" as const, sessionId: K }, prompt: "hi" };
    const without = buildAiderLaunch(request, context);
    const withPolicy = buildAiderLaunch({ ...request, permissions: policy("edits") }, context);
    if (!without.ok || !withPolicy.ok) throw new Error("expected plans");
    expect(without.argv).not.toContain("--no-detect-urls");
    expect(withPolicy.argv).toContain("--no-detect-urls");
  });
});
