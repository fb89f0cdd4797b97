import { execFileSync } from "node:child_process";

/** The checkout's short commit, with " + changes" when tracked files differ from it; "?" outside git. */
export function gitHead(cwd = process.cwd()): string {
  try {
    const head = execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd, encoding: "utf8" }).trim();
    return execFileSync("git", ["status", "--porcelain", "--untracked-files=no"], { cwd, encoding: "utf8" }).trim() ? `${head} + changes` : head;
  } catch {
    return "?";
  }
}
