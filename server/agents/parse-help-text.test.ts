import fs from "node:fs";
import path from "node:path";
import { parseHelpText } from "@/server/agents/parse-help-text";

const claudeHelp = fs.readFileSync(path.join(__dirname, "claude/__fixtures__/help-2.1.330.txt"), "utf8");

describe("parseHelpText", () => {
  const { flags, choices } = parseHelpText(claudeHelp);

  it("lists the long and short forms of every option Claude Code 2.1.330 defines", () => {
    for (const flag of ["-p", "--print", "--verbose", "--output-format", "--session-id", "-r", "--resume", "--fork-session", "--permission-mode", "-c", "--continue", "--allowedTools", "--allowed-tools"]) {
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
});
