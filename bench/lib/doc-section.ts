import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

// Each benchmark owns one section of docs/performance.md, between
// `<!-- <name>:start -->` and `<!-- <name>:end -->`; the rest of the file
// belongs to other benchmarks and is left as it is.

/**
 * Replaces the named section with `body` (the markers are added here), or
 * adds it: at the end, or with `first` right after the file's title, before
 * the other benchmarks' sections. Returns the file written.
 */
export function writeDocSection(
  name: string,
  body: string,
  { file = path.join(process.cwd(), "docs", "performance.md"), first = false }: { file?: string; first?: boolean } = {},
): string {
  const start = `<!-- ${name}:start -->`;
  const end = `<!-- ${name}:end -->`;
  const block = `${start}\n${body.trim()}\n${end}`;
  mkdirSync(path.dirname(file), { recursive: true });
  const current = existsSync(file) ? readFileSync(file, "utf8") : "# Performance\n";
  const from = current.indexOf(start);
  const to = current.indexOf(end);
  let next: string;
  if (from >= 0 && to > from) next = current.slice(0, from) + block + current.slice(to + end.length);
  else if (first) {
    const title = /^# .*\n/.exec(current);
    next = title ? `${title[0]}\n${block}\n\n${current.slice(title[0].length).replace(/^\s+/, "")}` : `# Performance\n\n${block}\n\n${current}`;
  } else next = `${current.replace(/\s*$/, "")}\n\n${block}\n`;
  writeFileSync(file, next);
  return file;
}
