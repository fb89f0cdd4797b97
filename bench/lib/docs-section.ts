import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

/**
 * Replaces the part of docs/performance.md between `<!-- <name>:start -->`
 * and `<!-- <name>:end -->` (or appends it): each benchmark owns its section
 * and leaves the others as they are. Returns the file written.
 */
export function writeDocsSection(name: string, body: string, file = path.join(process.cwd(), "docs", "performance.md")): string {
  const start = `<!-- ${name}:start -->`;
  const end = `<!-- ${name}:end -->`;
  const block = `${start}\n${body.trim()}\n${end}`;
  const current = existsSync(file) ? readFileSync(file, "utf8") : "# Performance\n";
  const from = current.indexOf(start);
  const to = current.indexOf(end);
  const next = from >= 0 && to > from ? current.slice(0, from) + block + current.slice(to + end.length) : `${current.replace(/\n*$/, "\n\n")}${block}\n`;
  writeFileSync(file, next);
  return file;
}
