import { createHash, randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { gzip } from "node:zlib";
import { getAgentDefinition } from "@/server/agents/registry";
import { prisma } from "@/server/db";
import { lockStatesShared } from "@/server/session-state/state-lock";
import { CHUNK_BYTES, insideRoot, MAX_FILE_BYTES, parseStoredFiles, sameFiles, type StoredFile } from "@/server/session-state/state-files";

// After a turn, the runner copies the agent's own state of the session (the
// files its definition's sessionState.find lists: Claude Code's transcript
// and the files beside it, Codex's rollout…) into PostgreSQL, so any runner
// can restore it later (restore-session-state.ts): after this machine is
// gone, or after the CLI deleted its copy. Files are cut into 1 MiB chunks
// stored once each by content (gzip), so a transcript that grew by one turn
// adds one chunk or two. A turn that changed nothing stores no version.

const gzipAsync = promisify(gzip);
/** New chunks are written in batches of about this many compressed bytes. */
const BATCH_BYTES = 16 * 1024 * 1024;

export type Captured = { files: number; size: number; newBytes: number; ms: number };

type Session = { agent: string; agentSessionId: string; cwd: string; executionId: string | null; projectId: string | null; runnerId: string | null };

/** Null: the agent keeps no state Arbor can move, or none of this session is here. Throws only for the unexpected (the database). */
export async function captureSessionState(session: Session, env: Readonly<Record<string, string | undefined>>): Promise<Captured | null> {
  const started = performance.now();
  const support = getAgentDefinition(session.agent)?.sessionState;
  const root = support?.root(env);
  if (!support || !root) return null;
  const paths = await support.find(root, { sessionId: session.agentSessionId, cwd: session.cwd });
  // What the agent's home really is: a file whose real path leaves it (a symlinked folder on the way) is never read.
  const realRoot = await fs.realpath(root).catch(() => null);
  if (!realRoot) return null;
  const latest = await prisma.sessionState.findFirst({
    where: { agentSessionId: session.agentSessionId, agent: session.agent },
    orderBy: { createdAt: "desc" },
    select: { files: true },
  });
  const before = latest ? parseStoredFiles(latest.files) : [];
  // A file with the size and modification time it had at the last version is not read again (a session's
  // tool results do not change; its transcript does).
  const unchanged = new Map(before.filter((f) => f.mtimeMs !== undefined).map((f) => [f.path, f]));
  const read = await Promise.all(paths.map((relative) => readChunks(root, realRoot, relative, unchanged.get(relative) ?? null)));
  const files = read.filter((f): f is ReadFile => f !== null);
  if (files.length === 0) return null;
  const stored: StoredFile[] = files.map((f) =>
    "reused" in f ? f.reused : { path: f.path, size: f.size, mtimeMs: f.mtimeMs, chunks: f.chunks.map((c) => c.sha) },
  );
  if (latest && sameFiles(before, stored)) return null;

  const chunks = new Map(files.flatMap((f) => ("reused" in f ? [] : f.chunks.map((c) => [c.sha, c.data] as const))));
  const shas = [...new Set(stored.flatMap((f) => f.chunks))];
  const size = stored.reduce((sum, f) => sum + f.size, 0);
  const fresh = [...chunks.keys()];
  const known = async () =>
    new Set((await prisma.sessionStateBlob.findMany({ where: { sha256: { in: fresh } }, select: { sha256: true } })).map((b) => b.sha256));
  // New chunks, compressed and written in batches before the version (a first capture of a big session is
  // many of them); the version then commits alone under the shared lock.
  const writeMissing = async (have: Set<string>): Promise<number> => {
    let written = 0;
    let batch: Array<{ sha256: string; data: Uint8Array<ArrayBuffer>; size: bigint; storedSize: bigint }> = [];
    let batchBytes = 0;
    const flush = async () => {
      if (batch.length > 0) await prisma.sessionStateBlob.createMany({ data: batch, skipDuplicates: true });
      batch = [];
      batchBytes = 0;
    };
    for (const sha of fresh.filter((candidate) => !have.has(candidate))) {
      const data = chunks.get(sha)!;
      const packed = await gzipAsync(data);
      written += packed.length;
      batch.push({ sha256: sha, data: new Uint8Array(packed), size: BigInt(data.length), storedSize: BigInt(packed.length) });
      batchBytes += packed.length;
      if (batchBytes >= BATCH_BYTES) await flush();
    }
    await flush();
    return written;
  };
  const newBytes = await writeMissing(await known());
  await prisma.$transaction([
    // Shared with other captures; a prune's collection of blobs waits for this one (state-lock.ts).
    lockStatesShared(),
    prisma.sessionState.create({
      data: {
        id: randomUUID(),
        agent: session.agent,
        agentSessionId: session.agentSessionId,
        executionId: session.executionId,
        projectId: session.projectId,
        runnerId: session.runnerId,
        files: stored,
        blobShas: shas,
        size: BigInt(size),
        storedSize: BigInt(newBytes),
      },
    }),
  ]);
  // A chunk written before the lock could have been collected by a prune in between (it held an old version's
  // copy of the same content): written again, now that the version holds it.
  await writeMissing(await known());
  return { files: stored.length, size, newBytes, ms: Math.round(performance.now() - started) };
}

type ReadFile = { path: string; size: number; mtimeMs: number; chunks: Array<{ sha: string; data: Buffer }> } | { reused: StoredFile };

/** A regular file inside the root, within the size limit, cut into chunks (or as stored, when unchanged since); null otherwise (logged). */
async function readChunks(root: string, realRoot: string, relative: string, last: StoredFile | null): Promise<ReadFile | null> {
  const file = insideRoot(root, relative);
  if (!file) return null;
  try {
    const stat = await fs.lstat(file);
    if (!stat.isFile()) return null;
    if (!(await fs.realpath(file)).startsWith(realRoot + path.sep)) {
      console.warn(`[session-state] ${relative} leads outside the agent's home: not stored`);
      return null;
    }
    if (last && last.size === stat.size && last.mtimeMs === stat.mtimeMs) return { reused: last };
    if (stat.size > MAX_FILE_BYTES) {
      console.warn(`[session-state] ${path.basename(file)} is ${stat.size} bytes, over ${MAX_FILE_BYTES}: not stored`);
      return null;
    }
    const data = await fs.readFile(file);
    const chunks: Array<{ sha: string; data: Buffer }> = [];
    // An empty file is one empty chunk, so every file has at least one.
    for (let i = 0; i < Math.max(1, Math.ceil(data.length / CHUNK_BYTES)); i++) {
      const part = data.subarray(i * CHUNK_BYTES, (i + 1) * CHUNK_BYTES);
      chunks.push({ sha: createHash("sha256").update(part).digest("hex"), data: part });
    }
    return { path: relative, size: data.length, mtimeMs: stat.mtimeMs, chunks };
  } catch {
    // Gone between find and read (the agent rotates files): not part of this version.
    return null;
  }
}
