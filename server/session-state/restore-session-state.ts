import { createHash } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { gunzip } from "node:zlib";
import { err, ok, type Result } from "@/lib/result";
import { getAgentDefinition } from "@/server/agents/registry";
import { prisma } from "@/server/db";
import { filesToRestore, insideRoot, parseStoredFiles, type LocalFile, type StoredFile } from "@/server/session-state/state-files";

// Before a turn resumes a session, the runner makes sure the agent finds the
// session's own state where it looks for it: when this machine's copy is
// missing (another runner ran the session, or the CLI deleted it after its
// retention) or older than Arbor's latest version, the stored files are
// written back under the agent's session root, at the place its definition
// computes for the cwd of this machine (restoreAs). Every path is checked to
// stay inside that root, whatever the stored data says; each file is written
// whole (a temporary file renamed) with its chunks' hashes checked.

const gunzipAsync = promisify(gunzip);

export type Restored = { files: number; bytes: number; ms: number; fromRunnerId: string | null; fromExecutionId: string | null };

type Session = { agent: string; agentSessionId: string; cwd: string };

/** ok(null): nothing to do (no stored state, the agent's state cannot move, or this copy is as new). */
export async function restoreSessionState(
  session: Session,
  env: Readonly<Record<string, string | undefined>>,
): Promise<Result<Restored | null, { message: string }>> {
  const started = performance.now();
  const support = getAgentDefinition(session.agent)?.sessionState;
  const root = support?.root(env);
  if (!support || !root) return ok(null);
  const latest = await prisma.sessionState.findFirst({
    where: { agentSessionId: session.agentSessionId, agent: session.agent },
    orderBy: { createdAt: "desc" },
    select: { files: true, runnerId: true, executionId: true },
  });
  if (!latest) return ok(null);
  const target = { sessionId: session.agentSessionId, cwd: session.cwd };
  // Where each stored file goes here, checked to stay inside the root.
  const placed: StoredFile[] = [];
  for (const file of parseStoredFiles(latest.files)) {
    const relative = support.restoreAs(file.path, target);
    if (!relative || !insideRoot(root, relative))
      return err({ message: `a stored file is not one of the session's files in ${root} (${JSON.stringify(file.path.slice(0, 200))}); nothing was restored` });
    placed.push({ ...file, path: relative });
  }
  const local = new Map<string, LocalFile>();
  await Promise.all(placed.map(async (file) => local.set(file.path, await localFile(insideRoot(root, file.path)!))));
  const needed = filesToRestore(placed, local);
  if (needed.length === 0) return ok(null);

  const shas = [...new Set(needed.flatMap((f) => f.chunks))];
  const blobs = new Map(
    (await prisma.sessionStateBlob.findMany({ where: { sha256: { in: shas } }, select: { sha256: true, data: true } })).map((b) => [b.sha256, b.data]),
  );
  let bytes = 0;
  for (const file of needed) {
    const parts: Buffer[] = [];
    for (const sha of file.chunks) {
      const packed = blobs.get(sha);
      if (!packed) return err({ message: `a stored chunk of ${file.path} is missing (pruned meanwhile?); nothing more was restored` });
      const data = await gunzipAsync(packed);
      if (createHash("sha256").update(data).digest("hex") !== sha)
        return err({ message: `a stored chunk of ${file.path} does not match its hash; nothing more was restored` });
      parts.push(data);
    }
    const written = await writeInside(root, file.path, Buffer.concat(parts));
    if (!written.ok) return written;
    bytes += file.size;
  }
  return ok({ files: needed.length, bytes, ms: Math.round(performance.now() - started), fromRunnerId: latest.runnerId, fromExecutionId: latest.executionId });
}

async function localFile(file: string): Promise<LocalFile> {
  try {
    const stat = await fs.lstat(file);
    return stat.isFile() ? { size: stat.size } : null;
  } catch {
    return null;
  }
}

/** Writes the file through a temporary one in its directory, after checking the directory really is inside the root (no symlink out). */
async function writeInside(root: string, relative: string, data: Buffer): Promise<Result<null, { message: string }>> {
  const file = insideRoot(root, relative)!;
  const dir = path.dirname(file);
  try {
    // The root is Arbor's to make; below it, nothing is made before the deepest existing folder is known to be inside.
    await fs.mkdir(root, { recursive: true, mode: 0o700 });
    const realRoot = await fs.realpath(root);
    const inside = (real: string) => real === realRoot || real.startsWith(realRoot + path.sep);
    let deepest = dir;
    while (!(await fs.lstat(deepest).catch(() => null))) deepest = path.dirname(deepest);
    if (!inside(await fs.realpath(deepest))) return err({ message: `${deepest} leads outside ${root}; ${relative} was not restored` });
    await fs.mkdir(dir, { recursive: true, mode: 0o700 });
    if (!inside(await fs.realpath(dir))) return err({ message: `${dir} leads outside ${root}; ${relative} was not restored` });
    const existing = await fs.lstat(file).catch(() => null);
    if (existing && !existing.isFile()) return err({ message: `${file} is not a regular file; it was not replaced` });
    const temporary = path.join(dir, `.arbor-restore-${process.pid}-${Date.now()}-${path.basename(file)}`);
    await fs.writeFile(temporary, data, { mode: 0o600, flag: "wx" });
    await fs.rename(temporary, file);
    return ok(null);
  } catch (error) {
    return err({ message: `could not write ${file}: ${(error as Error).message}` });
  }
}
