import { existsSync, writeFileSync, chmodSync } from "node:fs";
import path from "node:path";
import { ensureCommits, fetchFromStore, hasCommit } from "@/server/git/fetch-from-store";
import { initRepository } from "@/server/git/init-repository";
import type { LineStore } from "@/server/git/line-store";
import { pushToStore } from "@/server/git/push-to-store";
import { commitAll, git, tempRepos, writeFiles, type TempRepos } from "@/test/support/git-repo";

// The git side of lines that travel (issue 24), against real git: a bare
// store Arbor makes, pushes of Arbor's refs (forced) and branches (never
// forced), no hook of the store's ever running, fetches of what is missing,
// and several fetches into one repository at once.

let repos: TempRepos;
let repo: string;
let store: LineStore;

beforeEach(async () => {
  repos = tempRepos("arbor-store-");
  repo = repos.repo("app", { "README.md": "# app\n" });
  const dir = path.join(repos.root, "store", "PROJ-1.git");
  expect(await initRepository(dir, { bare: true })).toBe(true);
  expect(await initRepository(dir, { bare: true })).toBe(false);
  store = { kind: "directory", url: dir, label: `the line store ${dir} (ARBOR_GIT_STORE)` };
});
afterEach(() => repos.cleanup());

const commitOn = (dir: string, file: string) => {
  writeFiles(dir, { [file]: `${file}\n` });
  return commitAll(dir, file);
};

test("Arbor's refs are forced, a branch only moves forward, and the store's hooks never run", async () => {
  const hook = path.join(store.url, "hooks", "pre-receive");
  const marker = path.join(repos.root, "hook-ran");
  writeFileSync(hook, `#!/bin/sh\ntouch '${marker}'\nexit 1\n`);
  chmodSync(hook, 0o755);
  const first = git(repo, "rev-parse", "HEAD");
  const pushed = await pushToStore({
    repo,
    store,
    updates: [
      { sha: first, ref: "refs/arbor/snapshots/x" },
      { sha: first, ref: "refs/heads/main" },
    ],
  });
  expect(pushed).toEqual({ ok: true, value: undefined });
  expect(existsSync(marker)).toBe(false);
  expect(git(store.url, "rev-parse", "refs/arbor/snapshots/x", "refs/heads/main")).toBe(`${first}\n${first}`);

  // History rewritten: refs/arbor/ follows, the branch is refused with git's reason.
  git(repo, "checkout", "--quiet", "--orphan", "other");
  const unrelated = commitOn(repo, "other.txt");
  const again = await pushToStore({
    repo,
    store,
    updates: [
      { sha: unrelated, ref: "refs/arbor/snapshots/x" },
      { sha: unrelated, ref: "refs/heads/main" },
    ],
  });
  expect(again).toMatchObject({ ok: false, error: { kind: "rejected", message: expect.stringContaining(store.label) } });
  expect(git(store.url, "rev-parse", "refs/arbor/snapshots/x", "refs/heads/main")).toBe(`${unrelated}\n${first}`);

  const refused = await pushToStore({ repo, store, updates: [{ sha: first, ref: "refs/tags/v1" }] });
  expect(refused).toMatchObject({ ok: false, error: { kind: "invalid" } });
  const option = await pushToStore({ repo, store, updates: [{ sha: "--force", ref: "refs/arbor/snapshots/y" }] });
  expect(option).toMatchObject({ ok: false, error: { kind: "invalid" } });
});

test("ensureCommits fetches only what is missing, several at once into one repository", async () => {
  const a = commitOn(repo, "a.txt");
  const b = commitOn(repo, "b.txt");
  expect(
    (
      await pushToStore({
        repo,
        store,
        updates: [
          { sha: a, ref: "refs/arbor/snapshots/a" },
          { sha: b, ref: "refs/arbor/snapshots/b" },
        ],
      })
    ).ok,
  ).toBe(true);
  const elsewhere = repos.repo("elsewhere", { "README.md": "# elsewhere\n" });
  expect(await hasCommit(elsewhere, b)).toBe(false);
  const results = await Promise.all([a, b, a, b, a].map((sha) => ensureCommits(elsewhere, store, [sha])));
  expect(results.every((r) => r.ok)).toBe(true);
  expect(git(elsewhere, "rev-parse", "refs/arbor/snapshots/b")).toBe(b);
  // Already here: the store is not even asked.
  expect(await ensureCommits(elsewhere, { ...store, url: path.join(repos.root, "nowhere.git") }, [a, b])).toEqual({ ok: true, value: undefined });
  const absent = "0".repeat(40);
  expect(await ensureCommits(elsewhere, store, [absent])).toMatchObject({
    ok: false,
    error: { kind: "missing", message: expect.stringContaining(store.label) },
  });
  expect(await ensureCommits(elsewhere, null, [absent])).toMatchObject({ ok: false, error: { message: expect.stringContaining("ARBOR_GIT_STORE") } });
});

test("a store that cannot be reached is named, and nothing is fetched", async () => {
  const gone: LineStore = { kind: "directory", url: path.join(repos.root, "unmounted", "PROJ-1.git"), label: "the line store X (ARBOR_GIT_STORE)" };
  const fetched = await fetchFromStore({ repo, store: gone, refspecs: ["+refs/arbor/snapshots/*:refs/arbor/snapshots/*"] });
  expect(fetched).toMatchObject({
    ok: false,
    error: { kind: "unreachable", message: expect.stringMatching(/^the line store X \(ARBOR_GIT_STORE\) cannot be reached: /) },
  });
  const base = await fetchFromStore({ repo: repos.repo("fresh"), store, refspecs: ["+refs/heads/nope:refs/heads/nope"] });
  expect(base).toMatchObject({ ok: false, error: { kind: "missing" } });
});
