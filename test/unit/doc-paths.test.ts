import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

// The docs are a map of the code, so a path in them must lead somewhere. This
// checks every repository path the docs name in backticks (README.md, every
// folder README, docs/**/*.md) and every relative link between them, so a
// moved or deleted file fails here instead of misleading the next reader.
//
// What counts as a repository path, in an inline code span (fenced blocks are
// examples and commands, not references):
// - a word that starts with a top-level folder of the repository and a slash
//   (`server/turns/guards.ts`, `lib/permissions/`, `app/executions/[id]/page.tsx`),
//   also inside a command (`npx tsx bench/search.ts`); a trailing `:line` is
//   dropped. Part of it may be a placeholder or a glob (`server/agents/<id>/`,
//   `test/integration/git/hostile-*.test.ts`, `{a,b}`, `…`): then the folder
//   before it must exist;
// - a bare file name with a source or config extension (`plan-turn.ts`,
//   `biome.json`): some file in the repository must have that name, unless it
//   is one of the files a person has outside it (EXTERNAL below).
// URLs, API routes (`/api/...`), `@/` imports, refs (`refs/heads/main`) and
// paths under a home or data directory (`$ARBOR_DATA_DIR/…`, `~/.claude`) are
// not repository paths.

const root = path.join(__dirname, "..", "..");

/** File names the docs mention that live outside the repository: a person's config, an agent's files, examples. */
const EXTERNAL = new Set([
  "arbor.agents.json", // the agents file, next to where Arbor is started
  "arbor-credentials.json", // the embedded database's password, in its data directory
  "postmaster.pid",
  "auth.json", // Codex's and opencode's saved logins
  "settings.json", // an agent home's settings
  ".credentials.json", // Claude Code's saved login
  ".claude.json",
  "login.ts", // search examples and the search benchmark's queries
  "user-form.tsx",
  "rate-limit.ts",
]);

const KNOWN_EXTENSIONS = /\.(ts|tsx|mjs|cjs|js|json|md|sql|prisma|sh|yml|yaml)$/;
const PLACEHOLDER = /[<>{}*…]|\.\.\./;

function git(args: string[]): string[] {
  return execFileSync("git", args, { cwd: root, encoding: "utf8" }).split("\n").filter(Boolean);
}

const files = git(["ls-files", "--cached", "--others", "--exclude-standard"]);
const topFolders = new Set(files.filter((file) => file.includes("/")).map((file) => file.slice(0, file.indexOf("/"))));
const fileNames = new Set(files.map((file) => path.basename(file)));

/** The inline code spans of a markdown text, fenced blocks left out. */
function codeSpans(markdown: string): string[] {
  const prose = markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, "");
  return [...prose.matchAll(/(`+)([^`]|[^`][\s\S]*?[^`])\1(?!`)/g)].map((match) => match[2].trim());
}

type DocPath = { text: string; kind: "path" | "prefix" | "name" };

/** The repository paths one code span names (see the rules above). */
function pathsOf(span: string, tops: ReadonlySet<string>): DocPath[] {
  const words = span.split(/\s+/).map((word) => word.replace(/^[("'[]+|[)"',;.]+$/g, "").replace(/:\d+(-\d+)?$/, ""));
  const found: DocPath[] = [];
  for (const word of words) {
    const slash = word.indexOf("/");
    if (slash > 0 && tops.has(word.slice(0, slash)) && !word.includes("://")) {
      const cut = word.search(PLACEHOLDER);
      if (cut < 0) found.push({ text: word, kind: "path" });
      else if (word.lastIndexOf("/", cut) > 0) found.push({ text: word.slice(0, word.lastIndexOf("/", cut) + 1), kind: "prefix" });
    } else if (words.length === 1 && slash < 0 && KNOWN_EXTENSIONS.test(word) && !PLACEHOLDER.test(word) && /^[\w.-]+$/.test(word)) {
      found.push({ text: word, kind: "name" });
    }
  }
  return found;
}

/** Relative links of a markdown text (`[text](topics/executions.md#lineage)`), without their anchors. */
function relativeLinks(markdown: string): string[] {
  return [...markdown.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((match) => match[1])
    .filter((target) => !/^[a-z]+:|^#|^\//.test(target))
    .map((target) => target.replace(/#.*$/, ""));
}

function exists(doc: DocPath): boolean {
  if (doc.kind === "name") return fileNames.has(doc.text) || EXTERNAL.has(doc.text);
  return existsSync(path.join(root, doc.text));
}

const docs = files.filter((file) => file === "README.md" || file.endsWith("/README.md") || (file.startsWith("docs/") && file.endsWith(".md")));

describe("what counts as a repository path in the docs", () => {
  const tops = new Set(["server", "lib", "docs", "test", "app"]);
  it.each<[string, DocPath[]]>([
    ["server/turns/guards.ts", [{ text: "server/turns/guards.ts", kind: "path" }]],
    ["lib/permissions/", [{ text: "lib/permissions/", kind: "path" }]],
    ["server/runner/turn/resume-facts.ts:47", [{ text: "server/runner/turn/resume-facts.ts", kind: "path" }]],
    ["app/executions/[id]/page.tsx", [{ text: "app/executions/[id]/page.tsx", kind: "path" }]],
    ["npx tsx docs/x.md --flag", [{ text: "docs/x.md", kind: "path" }]],
    ["server/agents/<id>/<id>-agent.ts", [{ text: "server/agents/", kind: "prefix" }]],
    ["test/integration/git/hostile-*.test.ts", [{ text: "test/integration/git/", kind: "prefix" }]],
    ["plan-turn.ts", [{ text: "plan-turn.ts", kind: "name" }]],
    ["/api/executions/:id", []],
    ["http://127.0.0.1:3000/server/x", []],
    ["@/server/turns/guards", []],
    ["refs/heads/main", []],
    ["$ARBOR_DATA_DIR/worktrees/<PROJ-n>/", []],
    ["arbor/<ISSUE-n>/<short id>", []],
    ["<id>-permissions.ts", []],
    ["--resume <sid>", []],
    ["git diff --numstat", []],
  ])("%s", (span, expected) => {
    expect(pathsOf(span, tops)).toEqual(expected);
  });

  it("reads inline code spans and leaves fenced blocks out", () => {
    const markdown = "See `a/b.ts` and ``c `d` e``.\n\n```sh\nnpx tsx `f/g.ts`\n```\nand `h.md`.";
    expect(codeSpans(markdown)).toEqual(["a/b.ts", "c `d` e", "h.md"]);
  });

  it("reads relative links, without anchors, and leaves URLs and anchors out", () => {
    expect(relativeLinks("[a](topics/x.md#y) [b](https://e.org) [c](#z) [d](../README.md)")).toEqual(["topics/x.md", "../README.md"]);
  });
});

describe("the docs' paths exist", () => {
  it("finds the docs", () => {
    expect(docs).toEqual(expect.arrayContaining(["README.md", "docs/architecture.md"]));
  });

  it.each(docs)("%s names only paths that exist", (doc) => {
    const text = readFileSync(path.join(root, doc), "utf8");
    const named = codeSpans(text).flatMap((span) => pathsOf(span, topFolders));
    const missing = named.filter((entry) => !exists(entry)).map((entry) => entry.text);
    const links = relativeLinks(text).filter((link) => !existsSync(path.resolve(root, path.dirname(doc), link)));
    expect({ missing: [...new Set(missing)], brokenLinks: links }).toEqual({ missing: [], brokenLinks: [] });
  });
});
