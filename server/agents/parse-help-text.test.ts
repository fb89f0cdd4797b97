import fs from "node:fs";
import path from "node:path";
import { parseHelpText } from "@/server/agents/parse-help-text";

const fixture = (file: string) => fs.readFileSync(path.join(__dirname, file), "utf8");
const claudeHelp = fixture("claude/__fixtures__/help-2.1.330.txt");

describe("parseHelpText", () => {
  const { flags, choices } = parseHelpText(claudeHelp);

  it("lists the long and short forms of every option Claude Code 2.1.330 defines", () => {
    for (const flag of [
      "-p",
      "--print",
      "--verbose",
      "--output-format",
      "--session-id",
      "-r",
      "--resume",
      "--fork-session",
      "--permission-mode",
      "-c",
      "--continue",
      "--allowedTools",
      "--allowed-tools",
    ]) {
      expect(flags).toContain(flag);
    }
  });

  it("does not count a flag that is only mentioned in another option's description", () => {
    // --permission-prompts' description mentions --permission-prompt-tool,
    // which is not an option of its own in this version.
    expect(flags).not.toContain("--permission-prompt-tool");
    // --resume-session-at exists but is not listed.
    expect(flags).not.toContain("--resume-session-at");
  });

  it("reads (choices: …) even when the description wraps", () => {
    expect(choices.get("--permission-mode")).toEqual(["acceptEdits", "auto", "bypassPermissions", "manual", "dontAsk", "plan"]);
    expect(choices.get("--output-format")).toEqual(["text", "json", "stream-json"]);
    expect(choices.get("--permission-prompts")).toEqual(["host", "none"]);
  });

  it("finds nothing in text without an options list", () => {
    expect(parseHelpText("usage: tool [file]\n").flags.size).toBe(0);
    expect(parseHelpText("").flags.size).toBe(0);
  });

  it("reads clap's layout (Codex): long-only options one short form deeper, choices after blank lines", () => {
    const codex = parseHelpText(fixture("codex/__fixtures__/help-exec-0.169.0.txt"));
    for (const flag of ["--json", "--skip-git-repo-check", "-s", "--sandbox", "-c", "--config", "-C", "--ephemeral"]) expect(codex.flags).toContain(flag);
    expect(codex.choices.get("--sandbox")).toEqual(["read-only", "workspace-write", "danger-full-access"]);
    // "- on-request: …" inside a description is not an option.
    const top = parseHelpText(fixture("codex/__fixtures__/help-exec-resume-0.169.0.txt"));
    expect(top.flags).toContain("--last");
    expect([...top.flags].every((flag) => /^--?[A-Za-z]/.test(flag))).toBe(true);
  });

  it("reads yargs' layout (Gemini, Qwen Code, opencode) and its [choices: …]", () => {
    const gemini = parseHelpText(fixture("gemini/__fixtures__/help-0.61.0.txt"));
    for (const flag of ["-p", "--prompt", "-o", "--output-format", "--skip-trust", "--session-id", "--session-file", "-r", "--resume", "--approval-mode"])
      expect(gemini.flags).toContain(flag);
    expect(gemini.choices.get("--output-format")).toEqual(["text", "json", "stream-json"]);
    const qwen = parseHelpText(fixture("qwen/__fixtures__/help-0.24.4.txt"));
    for (const flag of ["--fork-session", "--session-id", "--resume", "--continue", "--auth-type"]) expect(qwen.flags).toContain(flag);
    expect(qwen.choices.get("--approval-mode")).toEqual(["plan", "default", "auto-edit", "auto", "yolo"]);
    const opencode = parseHelpText(fixture("opencode/__fixtures__/help-run-1.18.33.txt"));
    for (const flag of ["--format", "--session", "-s", "--fork", "--dir"]) expect(opencode.flags).toContain(flag);
    expect(opencode.choices.get("--format")).toEqual(["default", "json"]);
  });

  it("reads Copilot's layout and its [possible values: …]", () => {
    const copilot = parseHelpText(fixture("copilot/__fixtures__/help-1.0.102.txt"));
    for (const flag of ["-p", "--prompt", "--output-format", "--allow-all-tools", "--session-id", "--resume", "--usage-output-file", "-C"])
      expect(copilot.flags).toContain(flag);
    expect(copilot.choices.get("--output-format")).toEqual(["text", "json"]);
    // The examples section ("  $ copilot --allow-all-tools --resume") lists no options.
    expect(copilot.flags).not.toContain("--allow-tool='shell(git:*)'");
  });
});
