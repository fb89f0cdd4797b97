import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";

// Where Gemini CLI 0.61.0 keeps a session: $GEMINI_CLI_HOME (default ~)
// /.gemini/tmp/<project short name>/chats/session-<YYYY-MM-DDTHH-MM>-<first 8 of id>.jsonl,
// whose first line is {"sessionId": "<id>", …}. The short name comes from
// .gemini/projects.json, so every project folder is searched; the file name
// only narrows the search and the header line decides.
// A session can have more than one such file: a Continue that starts in a
// later minute than the chat leaves a header-only one named by that minute,
// while its turns go on in the first. The largest is the conversation (a fork
// of the header-only one would start from nothing).

export async function locateGeminiSession(sessionId: string, context: { homeDir: string | null }): Promise<string | null> {
  const tmp = path.join(context.homeDir ?? os.homedir(), ".gemini", "tmp");
  const suffix = `-${sessionId.slice(0, 8)}.jsonl`;
  let projects: string[];
  try {
    projects = await fs.readdir(tmp);
  } catch {
    return null;
  }
  let best: { file: string; size: number } | null = null;
  for (const project of projects) {
    const chats = path.join(tmp, project, "chats");
    let files: string[];
    try {
      files = await fs.readdir(chats);
    } catch {
      continue;
    }
    for (const file of files.filter((name) => name.startsWith("session-") && name.endsWith(suffix))) {
      const candidate = path.join(chats, file);
      if ((await headerSessionId(candidate)) !== sessionId) continue;
      const size = await fs.stat(candidate).then(
        (stat) => stat.size,
        () => -1,
      );
      if (!best || size > best.size) best = { file: candidate, size };
    }
  }
  return best?.file ?? null;
}

/** The session id a chat file's first line names, or null. */
export async function headerSessionId(file: string): Promise<string | null> {
  let handle: fs.FileHandle | null = null;
  try {
    handle = await fs.open(file, "r");
    const buffer = Buffer.alloc(4096);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    const firstLine = buffer.subarray(0, bytesRead).toString("utf8").split("\n")[0];
    const header: unknown = JSON.parse(firstLine);
    return typeof header === "object" && header !== null && typeof (header as { sessionId?: unknown }).sessionId === "string"
      ? (header as { sessionId: string }).sessionId
      : null;
  } catch {
    return null;
  } finally {
    await handle?.close();
  }
}
