import type { PermissionMode } from "@/lib/permissions/constants";
import { buildGeminiLaunch } from "@/server/agents/gemini/build-gemini-launch";
import { exactCommandRegex, mapGeminiPermissions } from "@/server/agents/gemini/gemini-permissions";
import { recordedCapabilities, recordedContext } from "@/test/support/cli-capabilities";

const policy = (mode: PermissionMode, allow: string[] = [], deny: string[] = []) => ({ mode, allow, deny, source: "run" as const });
const DIR = "/data/agent-homes/gemini/arbor-files";
const rulesOf = (result: ReturnType<typeof mapGeminiPermissions>) => (result.ok ? (result.policyFile?.content.split("\n\n").slice(1) ?? []) : null);
const block = (lines: string[]) => ["[[rule]]", ...lines].join("\n");
const WEB_OFF = block(['toolName = ["web_fetch", "google_web_search"]', 'decision = "deny"', "priority = 100"]);
const denied = (condition: string[]) =>
  block([...condition, 'decision = "deny"', "priority = 999", `denyMessage = "Arbor's permission policy for this run denies it"`]);
const allowed = (condition: string[]) => block([...condition, 'decision = "allow"', "priority = 500"]);

describe("mapGeminiPermissions", () => {
  it.each([
    ["edits: auto_edit, web tools off", policy("edits"), "auto_edit", [WEB_OFF]],
    ["trusted: yolo, no file at all", policy("trusted"), "yolo", []],
    [
      "allow Bash(npm test:*): a command prefix",
      policy("edits", ["Bash(npm test:*)"]),
      "auto_edit",
      [WEB_OFF, allowed(['toolName = "run_shell_command"', 'commandPrefix = "npm test"'])],
    ],
    [
      "allow Bash(git status): that command exactly",
      policy("edits", ["Bash(git status)"]),
      "auto_edit",
      [WEB_OFF, allowed(['toolName = "run_shell_command"', 'commandRegex = "git status\\""'])],
    ],
    [
      "allow WebFetch: web_fetch stays on",
      policy("edits", ["WebFetch"]),
      "auto_edit",
      [block(['toolName = "google_web_search"', 'decision = "deny"', "priority = 100"]), allowed(['toolName = "web_fetch"'])],
    ],
    ["trusted + deny Bash(rm:*)", policy("trusted", [], ["Bash(rm:*)"]), "yolo", [denied(['toolName = "run_shell_command"', 'commandPrefix = "rm"'])]],
    ["trusted + deny Edit", policy("trusted", [], ["Edit"]), "yolo", [denied(['toolName = ["write_file", "replace"]'])]],
  ])("%s", (_name, permissions, approvalMode, rules) => {
    const result = mapGeminiPermissions(permissions, DIR);
    expect(result).toMatchObject({ ok: true, approvalMode });
    expect(rulesOf(result)).toEqual(rules.map((rule, i) => (i === rules.length - 1 ? `${rule}\n` : rule)));
  });

  it("names the file after its content, inside Arbor's directory", () => {
    const a = mapGeminiPermissions(policy("edits", ["Bash(npm test:*)"]), DIR);
    const b = mapGeminiPermissions(policy("edits", ["Bash(npm test:*)"]), DIR);
    const c = mapGeminiPermissions(policy("edits"), DIR);
    if (!a.ok || !b.ok || !c.ok) throw new Error("expected plans");
    expect(a.policyFile!.path).toMatch(/^\/data\/agent-homes\/gemini\/arbor-files\/gemini-policy-[0-9a-f]{16}\.toml$/);
    expect(b.policyFile!.path).toBe(a.policyFile!.path);
    expect(c.policyFile!.path).not.toBe(a.policyFile!.path);
  });

  it("drops an allow it cannot express exactly, and fails a deny it cannot", () => {
    expect(mapGeminiPermissions(policy("edits", ["Bash(git * main)", "Edit(src/**)"]), DIR)).toMatchObject({
      ok: true,
      notes: [expect.stringContaining('"Bash(git * main)"')],
    });
    for (const rule of ["Bash(git * main)", "WebFetch(domain:example.com)", "mcp__github", "Read(.env)"]) {
      expect(mapGeminiPermissions(policy("trusted", [], [rule]), DIR)).toMatchObject({ ok: false, message: expect.stringContaining(`deny rule "${rule}"`) });
    }
    expect(mapGeminiPermissions(policy("ask"), DIR)).toMatchObject({ ok: false, code: "agent_unsupported" });
  });
});

describe("exactCommandRegex", () => {
  it.each([
    ["git status", 'git status"'],
    ["npm run build -- --prod", 'npm run build -- --prod"'],
    ['echo "a.b"', 'echo \\\\"a\\.b\\\\""'],
    ["ls (x)", 'ls \\(x\\)"'],
  ])("%s", (command, regex) => {
    expect(exactCommandRegex(command)).toBe(regex);
    // What Gemini tests it against: the arguments as JSON.
    const json = JSON.stringify({ command, description: "d" });
    expect(new RegExp(`"command":"${regex}`).test(json)).toBe(true);
    expect(new RegExp(`"command":"${regex}`).test(JSON.stringify({ command: `${command} more` }))).toBe(false);
  });
});

describe("buildGeminiLaunch with a policy", () => {
  const capabilities = recordedCapabilities("/bin/gemini", "0.61.0", { "": "gemini/__fixtures__/help-0.61.0.txt" });
  it("passes the approval mode and the policy file, and asks planLaunch to write it", () => {
    const plan = buildGeminiLaunch({ mode: { kind: "new" }, prompt: "hi", permissions: policy("edits") }, recordedContext(capabilities, { filesDir: DIR }));
    if (!plan.ok) throw new Error(plan.message);
    expect(plan.argv.slice(0, 8)).toEqual([
      "/bin/gemini",
      "-o",
      "stream-json",
      "--skip-trust",
      "--approval-mode",
      "auto_edit",
      "--policy",
      plan.files![0].path,
    ]);
    expect(plan.files![0].content).toContain("web_fetch");
    expect(
      buildGeminiLaunch({ mode: { kind: "new" }, prompt: "hi", permissions: policy("trusted") }, recordedContext(capabilities, { filesDir: DIR })),
    ).toMatchObject({
      ok: true,
      argv: ["/bin/gemini", "-o", "stream-json", "--skip-trust", "--approval-mode", "yolo", "--prompt=hi"],
    });
  });

  it("refuses the agents file's approval mode under a policy", () => {
    expect(
      buildGeminiLaunch(
        { mode: { kind: "new" }, prompt: "hi", permissions: policy("edits") },
        recordedContext(capabilities, { filesDir: DIR, extraArgs: ["--yolo"] }),
      ),
    ).toMatchObject({ ok: false, code: "agent_misconfigured" });
  });
});
