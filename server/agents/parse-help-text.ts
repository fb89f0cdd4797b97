// Reads the option list out of a CLI's `--help` text. Three layouts are in
// use by the agents Arbor runs, and all share one shape: an option line
// starts with "-" at the options' own indentation, long-only options may be
// indented by the width of a short form ("-x, ") more, and descriptions
// either follow on the same line after two or more spaces or wrap onto lines
// indented deeper.
//
//   commander (Claude Code, Copilot):
//     -r, --resume [value]                  Resume a conversation…
//     --permission-mode <mode>              Permission mode… (choices: "a",
//                                           "b")
//   clap (Codex):
//     -s, --sandbox <SANDBOX_MODE>
//             Select the sandbox policy…
//             [possible values: read-only, workspace-write, danger-full-access]
//         --json
//             Print events to stdout as JSONL
//   yargs (Gemini, Qwen Code, opencode):
//     -o, --output-format   The format of the CLI output.  [string] [choices: "text", "json"]
//         --skip-trust      Trust the current workspace for this session.  [boolean]
//
// A flag merely mentioned in another option's description is not counted:
// description lines are indented deeper than any option line, or do not
// start with "-".

export interface HelpOptions {
  flags: Set<string>;
  choices: Map<string, string[]>;
}

const OPTION_LINE = /^(\s+)-/;
const FLAG_TOKEN = /(?:^|[\s,])(--?[A-Za-z][\w-]*)/g;
/** Width of a short form and its separator ("-x, "): how much deeper a long-only option may sit. */
const SHORT_FORM_WIDTH = 4;

export function parseHelpText(help: string): HelpOptions {
  const lines = help.split(/\r?\n/);
  const indents = lines.flatMap((line) => {
    const match = OPTION_LINE.exec(line);
    return match ? [match[1].length] : [];
  });
  const flags = new Set<string>();
  const choices = new Map<string, string[]>();
  if (indents.length === 0) return { flags, choices };
  const optionIndent = Math.min(...indents);
  const isOptionLine = (indent: number, trimmed: string) => trimmed.startsWith("-") && indent >= optionIndent && indent <= optionIndent + SHORT_FORM_WIDTH;

  let current: { names: string[]; indent: number; text: string } | null = null;
  const finish = () => {
    if (!current) return;
    const values = listedChoices(current.text);
    if (values) for (const name of current.names) choices.set(name, values);
    current = null;
  };

  for (const line of lines) {
    const indent = line.length - line.trimStart().length;
    const trimmed = line.trim();
    // clap separates a description's paragraphs with blank lines.
    if (trimmed === "") continue;
    if (isOptionLine(indent, trimmed) && !(current && indent > current.indent && !looksLikeSignature(trimmed))) {
      finish();
      // The signature ends where the description starts (two or more spaces).
      const signature = trimmed.split(/\s{2,}/)[0];
      const names = [...signature.matchAll(FLAG_TOKEN)].map((m) => m[1]);
      for (const name of names) flags.add(name);
      current = { names, indent, text: trimmed };
    } else if (current && indent > optionIndent) {
      current.text += ` ${trimmed}`;
    } else {
      finish();
    }
  }
  finish();
  return { flags, choices };
}

/**
 * A line deeper than the current option that starts with "-" is a new
 * long-only option only if it reads like a signature (clap/yargs put
 * `--flag` there); a wrapped description such as "- on-request: …" is not.
 */
function looksLikeSignature(trimmed: string): boolean {
  return /^--[A-Za-z][\w-]*(?:[\s=<[]|$)/.test(trimmed);
}

/**
 * `(choices: "a", "b", default: "a")` (commander), `[choices: "a", "b"]`
 * (yargs) or `[possible values: a, b]` (clap, Copilot). The default is not
 * another choice.
 */
function listedChoices(text: string): string[] | null {
  const quoted = /[([]choices:\s*([^)\]]*)[)\]]/.exec(text);
  if (quoted) return [...quoted[1].split(/\bdefault:/)[0].matchAll(/"([^"]*)"/g)].map((m) => m[1]);
  const plain = /\[possible values:\s*([^\]]*)\]/.exec(text);
  if (plain) {
    return plain[1]
      .split(",")
      .map((value) => value.trim())
      .filter(Boolean);
  }
  return null;
}
