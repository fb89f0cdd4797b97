import fs from "node:fs/promises";
import path from "node:path";
import { getAgentDefinition } from "@/server/agents/registry";

// Session health without resuming: whether the agent still has a session's
// transcript on this machine, by a stat of where the agent keeps it
// (AgentDefinition.sessionTranscript), never by reading it. Where the agent
// may have filed it under another directory (Claude: a session resumed from
// another cwd, or a shortened long cwd), the search root's immediate
// subdirectories are looked at for the same file name.

export type TranscriptStat = {
  state: "available" | "missing";
  bytes: number | null;
  modifiedAt: Date | null;
  /** Where it was found. */
  path: string | null;
};

type Env = Readonly<Record<string, string | undefined>>;

/** Null: the agent keeps no transcript Arbor knows how to find (health unknown). */
export async function checkTranscript(agentId: string, session: { sessionId: string; cwd: string }, env: Env): Promise<TranscriptStat | null> {
  const place = getAgentDefinition(agentId)?.sessionTranscript?.(session, env);
  if (!place) return null;
  const found = (await statFile(place.path)) ?? (place.searchRoot ? await searchUnder(place.searchRoot, path.basename(place.path)) : null);
  return found ?? { state: "missing", bytes: null, modifiedAt: null, path: null };
}

async function statFile(file: string): Promise<TranscriptStat | null> {
  try {
    const stats = await fs.stat(file);
    return stats.isFile() ? { state: "available", bytes: stats.size, modifiedAt: stats.mtime, path: file } : null;
  } catch {
    return null;
  }
}

async function searchUnder(root: string, name: string): Promise<TranscriptStat | null> {
  let dirs: string[];
  try {
    dirs = (await fs.readdir(root, { withFileTypes: true })).filter((d) => d.isDirectory()).map((d) => d.name);
  } catch {
    return null;
  }
  for (const dir of dirs) {
    const found = await statFile(path.join(root, dir, name));
    if (found) return found;
  }
  return null;
}
