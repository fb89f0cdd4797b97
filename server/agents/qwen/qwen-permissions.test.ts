import type { PermissionMode } from "@/lib/permissions/constants";
import { buildQwenLaunch } from "@/server/agents/qwen/build-qwen-launch";
import { mapQwenPermissions } from "@/server/agents/qwen/qwen-permissions";
import { recordedCapabilities, recordedContext } from "@/test/support/cli-capabilities";

const policy = (mode: PermissionMode, allow: string[] = [], deny: string[] = []) => ({ mode, allow, deny, source: "run" as const });

describe("mapQwenPermissions", () => {
  it.each([
    ["edits", policy("edits"), "auto-edit", false, []],
    ["trusted", policy("trusted"), "yolo", false, []],
    ["ask: stdin stays open for the questions", policy("ask"), "auto-edit", true, []],
    ["edits + allow Bash: the whole shell", policy("edits", ["Bash"]), "auto-edit", false, [["--allowed-tools", "run_shell_command"]]],
    ["ask + allow Bash(npm test:*)", policy("ask", ["Bash(npm test:*)"]), "auto-edit", true, [["--allowed-tools", "Bash(npm test *)"]]],
    ["ask + allow WebFetch", policy("ask", ["WebFetch"]), "auto-edit", true, [["--allowed-tools", "WebFetch"]]],
    [
      "trusted + denies in Qwen's syntax",
      policy("trusted", [], ["Bash(rm:*)", "Edit", "LS", "WebSearch"]),
      "yolo",
      false,
      [["--exclude-tools", "Bash(rm *)", "Edit", "ListFiles"]],
    ],
    [
      "allow and deny together",
      policy("ask", ["Bash(git:*)"], ["Bash(git push:*)"]),
      "auto-edit",
      true,
      [
        ["--allowed-tools", "Bash(git *)"],
        ["--exclude-tools", "Bash(git push *)"],
      ],
    ],
  ])("%s", (_name, permissions, approvalMode, streamInput, args) => {
    expect(mapQwenPermissions(permissions)).toMatchObject({ ok: true, approvalMode, streamInput, args });
  });

  it("headless, drops per-command allows (Qwen offers the shell only whole) and exact ones anywhere (a prefix to Qwen)", () => {
    expect(mapQwenPermissions(policy("edits", ["Bash(npm test:*)"]))).toMatchObject({
      ok: true,
      args: [],
      notes: [expect.stringContaining("offers the shell only when all of it is allowed")],
    });
    expect(mapQwenPermissions(policy("ask", ["Bash(git status)"]))).toMatchObject({
      ok: true,
      args: [],
      notes: [expect.stringContaining('"Bash(git status)"')],
    });
  });

  it("enforces an exact deny as a prefix, with a note, and fails denies it cannot express", () => {
    expect(mapQwenPermissions(policy("trusted", [], ["Bash(git status)"]))).toMatchObject({
      ok: true,
      args: [["--exclude-tools", "Bash(git status)"]],
      notes: [expect.stringContaining("reads as a prefix")],
    });
    for (const rule of ["Bash(git * main)", "Edit(src/**)", "WebFetch(domain:example.com)", "mcp__github"]) {
      expect(mapQwenPermissions(policy("trusted", [], [rule]))).toMatchObject({ ok: false, message: expect.stringContaining(`deny rule "${rule}"`) });
    }
    expect(mapQwenPermissions(policy("plan"))).toMatchObject({ ok: false, message: expect.stringContaining('"plan"') });
  });
});

describe("buildQwenLaunch with a policy", () => {
  const capabilities = recordedCapabilities("/bin/qwen", "0.24.4", { "": "qwen/__fixtures__/help-0.24.4.txt" });
  const context = recordedContext(capabilities);

  it("edits and trusted keep the prompt in the argv; the rule lists come just before it", () => {
    expect(buildQwenLaunch({ mode: { kind: "new" }, prompt: "hi", permissions: policy("trusted", [], ["Bash(rm:*)"]) }, context)).toMatchObject({
      ok: true,
      argv: ["/bin/qwen", "--output-format", "stream-json", "--approval-mode", "yolo", "--exclude-tools", "Bash(rm *)", "--prompt=hi"],
    });
  });

  it("ask reads the prompt from stdin, and only in a launch that keeps stdin open", () => {
    const request = { mode: { kind: "new" as const }, prompt: "hi", permissions: policy("ask") };
    expect(buildQwenLaunch({ ...request, streamInput: true }, context)).toEqual({
      ok: true,
      argv: ["/bin/qwen", "--input-format", "stream-json", "--output-format", "stream-json", "--approval-mode", "auto-edit"],
      env: {},
      expectedSessionId: null,
      streamInput: { prompt: "hi" },
    });
    expect(buildQwenLaunch(request, context)).toMatchObject({ ok: false, code: "agent_unsupported", message: expect.stringContaining("stdin") });
  });

  it("without a policy a stdin launch is an ordinary one (no warm Qwen processes)", () => {
    expect(buildQwenLaunch({ mode: { kind: "new" }, prompt: "hi", streamInput: true }, context)).toMatchObject({
      ok: true,
      argv: ["/bin/qwen", "--output-format", "stream-json", "--approval-mode", "auto-edit", "--prompt=hi"],
    });
    expect(buildQwenLaunch({ mode: { kind: "new" }, prompt: "hi", streamInput: true, permissions: policy("edits") }, context)).not.toHaveProperty(
      "streamInput",
    );
  });
});
