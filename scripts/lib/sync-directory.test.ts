import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync, existsSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { syncDirectory } from "./sync-directory";

let root: string;
beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), "arbor-sync-"));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

function put(file: string, content: string, mtime?: Date) {
  const full = path.join(root, file);
  mkdirSync(path.dirname(full), { recursive: true });
  writeFileSync(full, content);
  if (mtime) utimesSync(full, mtime, mtime);
}

test("writes only what changed, so unchanged files keep their modification times", () => {
  const old = new Date("2026-01-01T00:00:00Z");
  put("from/same.ts", "same");
  put("from/models/changed.ts", "new");
  put("from/added.ts", "added");
  put("to/same.ts", "same", old);
  put("to/models/changed.ts", "old", old);
  put("to/models/gone.ts", "gone", old);

  const changes = syncDirectory(path.join(root, "from"), path.join(root, "to"));

  expect(changes.written.sort()).toEqual(["added.ts", path.join("models", "changed.ts")]);
  expect(changes.removed).toEqual([path.join("models", "gone.ts")]);
  expect(statSync(path.join(root, "to/same.ts")).mtimeMs).toBe(old.getTime());
  expect(readFileSync(path.join(root, "to/models/changed.ts"), "utf8")).toBe("new");
  expect(readFileSync(path.join(root, "to/added.ts"), "utf8")).toBe("added");
  expect(existsSync(path.join(root, "to/models/gone.ts"))).toBe(false);

  // A second run finds nothing to do.
  expect(syncDirectory(path.join(root, "from"), path.join(root, "to"))).toEqual({ written: [], removed: [] });
});

test("fills a missing target", () => {
  put("from/a/b.ts", "b");
  expect(syncDirectory(path.join(root, "from"), path.join(root, "to")).written).toEqual([path.join("a", "b.ts")]);
  expect(readFileSync(path.join(root, "to/a/b.ts"), "utf8")).toBe("b");
});
