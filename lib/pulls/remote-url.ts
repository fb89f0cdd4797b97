// owner/repo from a git remote's URL, as GitHub (and GitHub Enterprise) spell
// them: https://host/owner/repo(.git), git@host:owner/repo(.git),
// ssh://git@host(:port)/owner/repo(.git). Pure, so it is table-tested.

export type ForgeRepository = { host: string; owner: string; repo: string };

const NAME = /^[A-Za-z0-9_.-]+$/;

export function parseRemoteUrl(url: string): ForgeRepository | null {
  const trimmed = url.trim();
  let host: string;
  let repoPath: string;
  const scp = /^(?:[^@/\s]+@)?([^:/\s]+):(?!\/)(.+)$/.exec(trimmed);
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed)) {
    let parsed: URL;
    try {
      parsed = new URL(trimmed);
    } catch {
      return null;
    }
    if (!["https:", "http:", "ssh:", "git:"].includes(parsed.protocol)) return null;
    host = parsed.hostname;
    repoPath = decodeURIComponent(parsed.pathname);
  } else if (scp) {
    host = scp[1];
    repoPath = scp[2];
  } else {
    return null;
  }
  const parts = repoPath.replace(/^\/+|\/+$/g, "").split("/");
  if (parts.length !== 2) return null;
  const owner = parts[0];
  const repo = parts[1].replace(/\.git$/, "");
  if (!host || !NAME.test(owner) || !NAME.test(repo) || repo === "." || repo === "..") return null;
  return { host, owner, repo };
}
