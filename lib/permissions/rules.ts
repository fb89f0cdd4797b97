// Permission rules in one vocabulary for every agent: Claude Code's own rule
// syntax, which the other agents' drivers map to what their CLIs take.
//
//   Tool                 every use of a tool            Bash, Edit, Write, Read, WebFetch
//   Tool(specifier)      uses whose argument matches    Bash(git status), Edit(src/**)
//   Tool(prefix:*)       commands starting with prefix  Bash(npm test:*)
//   mcp__server__tool    an MCP tool; `*` globs          mcp__arbor__*, mcp__*
//
// Pure and isomorphic: the API validates rules with it, the runner matches
// tool calls with it, drivers translate parsed rules.

export type PermissionRule = {
  /** As written (trimmed). */
  text: string;
  /** The tool name or MCP glob ("Bash", "mcp__arbor__*"). */
  tool: string;
  /** What is inside the parentheses, or null for every use of the tool. */
  specifier: string | null;
};

const TOOL = /^(?:[A-Za-z][A-Za-z0-9_]*|mcp__[A-Za-z0-9_*-]+)$/;
const MAX_RULE_LENGTH = 300;

/** Parses one rule, or says what is wrong with it in a sentence a person understands. */
export function parseRule(input: string): { ok: true; rule: PermissionRule } | { ok: false; message: string } {
  const text = input.trim();
  if (!text) return { ok: false, message: "a rule cannot be empty" };
  if (text.length > MAX_RULE_LENGTH) return { ok: false, message: `"${text.slice(0, 40)}…" is longer than ${MAX_RULE_LENGTH} characters` };
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is refused
  if (/[\u0000-\u001f\u007f]/.test(text)) return { ok: false, message: `"${text}" contains a line break or control character` };
  const open = text.indexOf("(");
  if (open < 0) {
    if (!TOOL.test(text)) return { ok: false, message: `"${text}" is not a tool name (like Bash, Edit or mcp__server__tool)` };
    return { ok: true, rule: { text, tool: text, specifier: null } };
  }
  const tool = text.slice(0, open);
  if (!TOOL.test(tool)) return { ok: false, message: `"${text}" does not start with a tool name (like Bash(npm test:*))` };
  if (!text.endsWith(")")) return { ok: false, message: `"${text}" has an opening "(" without its closing ")" at the end` };
  const specifier = text.slice(open + 1, -1).trim();
  if (!specifier) return { ok: false, message: `"${text}" has nothing between its parentheses (write ${tool} alone for every use)` };
  return { ok: true, rule: { text, tool, specifier } };
}

/**
 * What one tool call is matched on: its tool name and the argument rules
 * name (a Bash command, a file path, a URL's domain as "domain:<host>").
 */
export type ToolCallSubject = { tool: string; argument: string | null };

/** Whether a rule covers a tool call (Claude Code's semantics, for the cases Arbor answers itself). */
export function ruleMatches(rule: PermissionRule, call: ToolCallSubject): boolean {
  if (!globMatches(rule.tool, call.tool)) return false;
  if (rule.specifier === null) return true;
  if (call.argument === null) return false;
  const spec = rule.specifier;
  if (spec.endsWith(":*")) {
    // Bash(npm test:*): the command is the prefix, or the prefix followed by a space and more.
    const prefix = spec.slice(0, -2);
    const command = call.argument.trim();
    return command === prefix || command.startsWith(`${prefix} `);
  }
  if (spec.includes("*")) return globMatches(spec, call.argument.trim(), { pathAware: true });
  return call.argument.trim() === spec;
}

/** Anchored glob: `*` any run (within a path segment when pathAware), `**` any run including "/". */
function globMatches(pattern: string, value: string, options: { pathAware?: boolean } = {}): boolean {
  let source = "";
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === "*") {
      if (pattern[i + 1] === "*") {
        source += ".*";
        i++;
      } else source += options.pathAware ? "[^/]*" : ".*";
    } else source += c.replace(/[.+?^${}()|[\]\\]/g, "\\$&");
  }
  return new RegExp(`^${source}$`, "s").test(value);
}

/** The first rule of `rules` that covers the call, or null. */
export function firstMatch(rules: readonly PermissionRule[], call: ToolCallSubject): PermissionRule | null {
  return rules.find((rule) => ruleMatches(rule, call)) ?? null;
}

/** Parses rules that were validated before (stored ones); an invalid one is skipped, never thrown. */
export function parseRules(texts: readonly string[]): PermissionRule[] {
  return texts.flatMap((text) => {
    const parsed = parseRule(text);
    return parsed.ok ? [parsed.rule] : [];
  });
}
