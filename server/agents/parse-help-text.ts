// Reads the option list out of a commander-style `--help` text (Claude Code,
// and most Node CLIs, print this layout):
//
//   Options:
//     -r, --resume [value]                  Resume a conversation…
//     --allowedTools, --allowed-tools <tools...>
//         Comma or space-separated list…
//     --permission-mode <mode>              Permission mode… (choices: "a",
//                                           "b")
//
// An option is defined only by a line at the options' own indentation that
// starts with "-"; wrapped description lines are indented deeper, so a flag
// merely mentioned in another option's description does not count as listed.

export interface HelpOptions {
  flags: Set<string>;
  choices: Map<string, string[]>;
}

const OPTION_LINE = /^(\s+)-/;
const FLAG_TOKEN = /(?:^|[\s,])(--?[A-Za-z][\w-]*)/g;

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

  let current: { names: string[]; text: string } | null = null;
  const finish = () => {
    if (!current) return;
    const listed = /\(choices:\s*([^)]*)\)/.exec(current.text);
    if (listed) {
      // `(choices: "host", "none", default: "host")`: the default is not another choice.
      const values = [...listed[1].split(/\bdefault:/)[0].matchAll(/"([^"]*)"/g)].map((m) => m[1]);
      for (const name of current.names) choices.set(name, values);
    }
    current = null;
  };

  for (const line of lines) {
    const indent = line.length - line.trimStart().length;
    const trimmed = line.trim();
    if (indent === optionIndent && trimmed.startsWith("-")) {
      finish();
      // The signature ends where the description starts (two or more spaces).
      const signature = trimmed.split(/\s{2,}/)[0];
      const names = [...signature.matchAll(FLAG_TOKEN)].map((m) => m[1]);
      names.forEach((name) => flags.add(name));
      current = { names, text: trimmed };
    } else if (current && trimmed && indent > optionIndent) {
      current.text += ` ${trimmed}`;
    } else {
      finish();
    }
  }
  finish();
  return { flags, choices };
}
