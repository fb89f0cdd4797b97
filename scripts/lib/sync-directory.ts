import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";

// Makes `target` hold exactly the files of `source`, writing only the files
// whose content differs and removing the ones `source` lacks, so files that
// did not change keep their modification times (what the start script's
// rebuild checks look at; scripts/prisma-generate.ts).

export type SyncChanges = { written: string[]; removed: string[] };

function filesUnder(dir: string, prefix = ""): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(prefix, entry.name);
    return entry.isDirectory() ? filesUnder(path.join(dir, entry.name), relative) : [relative];
  });
}

export function syncDirectory(source: string, target: string): SyncChanges {
  const changes: SyncChanges = { written: [], removed: [] };
  const wanted = new Set(filesUnder(source));
  for (const file of wanted) {
    const content = readFileSync(path.join(source, file));
    const destination = path.join(target, file);
    if (existsSync(destination) && statSync(destination).isFile() && readFileSync(destination).equals(content)) continue;
    mkdirSync(path.dirname(destination), { recursive: true });
    writeFileSync(destination, content);
    changes.written.push(file);
  }
  for (const file of filesUnder(target)) {
    if (wanted.has(file)) continue;
    rmSync(path.join(target, file), { force: true });
    changes.removed.push(file);
  }
  return changes;
}
