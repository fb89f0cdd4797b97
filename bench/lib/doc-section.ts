import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

// Each benchmark owns one section of docs/performance.md, between
// `<!-- <name>:start -->` and `<!-- <name>:end -->`; the rest of the file
// belongs to other benchmarks and is left as it is.

export function sectionMarkers(name: string): { start: string; end: string } {
  return { start: `<!-- ${name}:start -->`, end: `<!-- ${name}:end -->` };
}

/** Replaces the named section (which must include its markers), or appends it. */
export function writeDocSection(name: string, section: string, file = path.join(process.cwd(), "docs", "performance.md")): void {
  const { start: startMarker, end: endMarker } = sectionMarkers(name);
  mkdirSync(path.dirname(file), { recursive: true });
  const current = existsSync(file) ? readFileSync(file, "utf8") : "# Performance\n";
  const start = current.indexOf(startMarker);
  const end = current.indexOf(endMarker);
  const next =
    start >= 0 && end > start ? current.slice(0, start) + section + current.slice(end + endMarker.length) : `${current.replace(/\s*$/, "")}\n\n${section}\n`;
  writeFileSync(file, next);
}
