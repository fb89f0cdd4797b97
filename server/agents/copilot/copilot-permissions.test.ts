import type { PermissionMode } from "@/lib/permissions/constants";
import { buildCopilotLaunch } from "@/server/agents/copilot/build-copilot-launch";
import { mapCopilotPermissions } from "@/server/agents/copilot/copilot-permissions";
import { recordedCapabilities, recordedContext, withoutFlags } from "@/test/support/cli-capabilities";

const policy = (mode: PermissionMode, allow: string[] = [], deny: string[] = []) => ({ mode, allow, deny, source: "run" as const });
const capabilities = recordedCapabilities("/bin/copilot", "1.0.102", { "": "copilot/__fixtures__/help-1.0.102.txt" });

describe("mapCopilotPermissions", () => {
  it.each([
    ["edits: file writes only", policy("edits"), ["--allow-tool=write"]],
    ["trusted: everything", policy("trusted"), ["--allow-all"]],
    ["edits + allow Bash", policy("edits", ["Bash"]), ["--allow-tool=write", "--allow-tool=shell"]],
    ["edits + allow Bash(npm test:*)", policy("edits", ["Bash(npm test:*)"]), ["--allow-tool=write", "--allow-tool=shell(npm test:*)"]],
    [
      "edits + allow WebFetch(domain:example.com): https only",
      policy("edits", ["WebFetch(domain:example.com)"]),
      ["--allow-tool=write", "--allow-url=example.com"],
    ],
    ["trusted + deny Bash(git push:*)", policy("trusted", [], ["Bash(git push:*)"]), ["--allow-all", "--deny-tool=shell(git push:*)"]],
    [
      "edits + deny Bash(git log:*): Copilot runs some commands on its own",
      policy("edits", [], ["Bash(git log:*)"]),
      ["--allow-tool=write", "--deny-tool=shell(git log:*)"],
    ],
    ["trusted + deny Edit", policy("trusted", [], ["Edit"]), ["--allow-all", "--deny-tool=write"]],
    ["trusted + deny WebFetch", policy("trusted", [], ["WebFetch"]), ["--allow-all", "--excluded-tools=web_fetch"]],
    [
      "trusted + deny a domain, both protocols",
      policy("trusted", [], ["WebFetch(domain:evil.example)"]),
      ["--allow-all", "--deny-url=https://evil.example", "--deny-url=http://evil.example"],
    ],
    ["deny WebSearch: Copilot has no such tool", policy("trusted", [], ["WebSearch"]), ["--allow-all"]],
  ])("%s", (_name, permissions, args) => {
    expect(mapCopilotPermissions(permissions, capabilities.flags)).toMatchObject({ ok: true, args });
  });

  it("an exact command: a deny becomes a prefix (noted), an allow is dropped (it would allow other arguments)", () => {
    expect(mapCopilotPermissions(policy("trusted", [], ["Bash(git status)"]), capabilities.flags)).toMatchObject({
      ok: true,
      args: ["--allow-all", "--deny-tool=shell(git status:*)"],
      notes: [expect.stringContaining("shell(git status:*)")],
    });
    expect(mapCopilotPermissions(policy("edits", ["Bash(git status)", "Bash(a(b):*)"]), capabilities.flags)).toMatchObject({
      ok: true,
      args: ["--allow-tool=write"],
      notes: [expect.stringContaining('"Bash(git status)"'), expect.stringContaining('"Bash(a(b):*)"')],
    });
  });

  it("fails denies it cannot express, and modes it cannot honour", () => {
    for (const rule of ["Bash(git * main)", "Edit(src/**)", "Read", "mcp__github"]) {
      expect(mapCopilotPermissions(policy("trusted", [], [rule]), capabilities.flags)).toMatchObject({
        ok: false,
        message: expect.stringContaining(`deny rule "${rule}"`),
      });
    }
    expect(mapCopilotPermissions(policy("ask"), capabilities.flags)).toMatchObject({ ok: false, code: "agent_unsupported" });
  });

  it("spells trusted out where --allow-all is not listed", () => {
    expect(mapCopilotPermissions(policy("trusted"), withoutFlags(capabilities, "--allow-all").flags)).toMatchObject({
      args: ["--allow-all-tools", "--allow-all-paths", "--allow-all-urls"],
    });
  });
});

describe("buildCopilotLaunch with a policy", () => {
  it("replaces --allow-all-tools with the policy's options", () => {
    const plan = buildCopilotLaunch({ mode: { kind: "new" }, prompt: "hi", permissions: policy("edits") }, recordedContext(capabilities));
    if (!plan.ok) throw new Error(plan.message);
    expect(plan.argv).not.toContain("--allow-all-tools");
    expect(plan.argv.slice(0, 4)).toEqual(["/bin/copilot", "--output-format", "json", "--allow-tool=write"]);
    expect(buildCopilotLaunch({ mode: { kind: "new" }, prompt: "hi" }, recordedContext(capabilities))).toMatchObject({
      ok: true,
      argv: expect.arrayContaining(["--allow-all-tools"]),
    });
  });

  it("refuses the agents file's --yolo under a policy", () => {
    expect(
      buildCopilotLaunch({ mode: { kind: "new" }, prompt: "hi", permissions: policy("edits") }, recordedContext(capabilities, { extraArgs: ["--yolo"] })),
    ).toMatchObject({ ok: false, code: "agent_misconfigured", message: expect.stringContaining("--yolo") });
  });
});
