import path from "node:path";

// The pure rules of copying a main checkout's ignored files into a new
// worktree (copy-files.ts does the work): the patterns a `.worktreeinclude`
// file lists, which relative paths may be copied at all, and the bound on how
// much. Matching itself is git's (`git ls-files --others --ignored
// --exclude=<pattern>`), so a pattern means exactly what it means in a
// .gitignore: `.env` is any .env at any depth, `/.env` only the top one,
// `config/*.local.json` one level under config/, `!keep.env` takes one back.

/** A .worktreeinclude's patterns at most, and a pattern's length at most (longer ones are left out). */
export const MAX_PATTERNS = 1_000;
const MAX_PATTERN_CHARS = 1_000;

/** The patterns of a `.worktreeinclude` (gitignore syntax): blank lines and comments dropped, unescaped trailing spaces trimmed as git does. */
export function worktreeIncludePatterns(text: string): string[] {
  const patterns: string[] = [];
  for (const raw of text.split("\n")) {
    const line = raw.replace(/\r$/, "").replace(/(?<!\\)[ \t]+$/, "");
    if (line === "" || line.startsWith("#") || line.length > MAX_PATTERN_CHARS || line.includes("\0")) continue;
    patterns.push(line);
    if (patterns.length === MAX_PATTERNS) break;
  }
  return patterns;
}

/**
 * A path git listed, safe to join under both checkouts and to hand back to
 * git: relative, no `.` or `..` segment, no empty segment, no NUL, and not
 * starting with `:` (git's check-ignore reads that as pathspec magic).
 */
export function isSafeRelativePath(rel: string): boolean {
  if (rel === "" || rel.startsWith(":") || rel.includes("\0") || path.isAbsolute(rel) || rel.includes("\\")) return false;
  return rel.split("/").every((segment) => segment !== "" && segment !== "." && segment !== "..");
}

export type CopyLimits = { maxFiles: number; maxBytes: number };

/** Enough for .env files and local configs; a pattern that matched a dependency tree stops here (the setup script installs those). */
export const DEFAULT_COPY_LIMITS: CopyLimits = { maxFiles: 1_000, maxBytes: 100 * 1024 * 1024 };

/** The bound on one worktree's copies: each file is taken only while both the count and the bytes stay within it. */
export class CopyBudget {
  files = 0;
  bytes = 0;
  constructor(private readonly limits: CopyLimits = DEFAULT_COPY_LIMITS) {}

  /** Whether a file of `size` bytes still fits (and counts it when it does). */
  take(size: number): boolean {
    if (this.files + 1 > this.limits.maxFiles || this.bytes + size > this.limits.maxBytes) return false;
    this.files += 1;
    this.bytes += size;
    return true;
  }

  describe(): string {
    return `${this.limits.maxFiles} files or ${Math.round(this.limits.maxBytes / (1024 * 1024))} MiB`;
  }
}
