// Whether a name can be a branch: git's rules for refs/heads/<name>
// (git check-ref-format), with a sentence that names what is wrong. Revision
// syntax (main~0, main^0, main@{0}, @{-1}) is refused: a base branch is a
// branch, always used as refs/heads/<name>. Pure; the server asks git too.

const REVISION_SYNTAX: Array<[RegExp, string]> = [
  [/@\{/, "@{…}"],
  [/~/, "~"],
  [/\^/, "^"],
  [/:/, ":"],
];

/** Null when `name` is a valid branch name; otherwise why not, naming it. */
export function branchNameProblem(name: string): string | null {
  const quoted = JSON.stringify(name.length > 80 ? `${name.slice(0, 80)}…` : name);
  const bad = (why: string) => `${quoted} is not a branch name: ${why}`;
  for (const [pattern, syntax] of REVISION_SYNTAX) {
    if (pattern.test(name)) return bad(`"${syntax}" is revision syntax (it names a commit, not a branch); name the branch itself, e.g. "main"`);
  }
  if (name === "") return bad("it is empty");
  if (name === "HEAD" || name === "@") return bad(`"${name}" names whatever is checked out, not a branch`);
  if (name.startsWith("-")) return bad("it starts with -");
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this rule refuses
  if (/[\x00-\x20\x7f]/.test(name)) return bad("it contains a space or a control character");
  const special = /[?*[\\]/.exec(name);
  if (special) return bad(`it contains "${special[0]}"`);
  if (name.includes("..")) return bad('it contains ".."');
  if (name.startsWith("/") || name.endsWith("/") || name.includes("//")) return bad('it has an empty part between "/"');
  if (name.endsWith(".")) return bad('it ends with "."');
  for (const part of name.split("/")) {
    if (part.startsWith(".")) return bad('a part of it starts with "."');
    if (part.endsWith(".lock")) return bad('a part of it ends with ".lock"');
  }
  return null;
}
