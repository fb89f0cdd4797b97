import { compareMigrations, type MigrationRow } from "@/scripts/lib/pending-migrations";

// The proof `npm start` opens its early web server on (scripts/start.ts):
// nothing pending. Anything applyMigrations would apply or refuse must count
// as pending, so the start takes the careful path.

const files = [
  { name: "20260101000000_init", checksum: "a" },
  { name: "20260201000000_more", checksum: "b" },
];
const row = (name: string, over: Partial<MigrationRow> = {}): MigrationRow => ({
  migration_name: name,
  checksum: name.endsWith("init") ? "a" : "b",
  finished_at: new Date(),
  rolled_back_at: null,
  ...over,
});

it("finds nothing pending when every file is recorded as finished", () => {
  expect(compareMigrations(files, [row(files[0].name), row(files[1].name)])).toEqual({ pending: [], modified: [] });
});

it("counts a file without a row as pending (every file on a database never migrated)", () => {
  expect(compareMigrations(files, [row(files[0].name)]).pending).toEqual([files[1].name]);
  expect(compareMigrations(files, []).pending).toEqual(files.map((f) => f.name));
});

it("counts a migration that failed earlier, or was rolled back, as pending", () => {
  expect(compareMigrations(files, [row(files[0].name), row(files[1].name, { finished_at: null })]).pending).toEqual([files[1].name]);
  expect(compareMigrations(files, [row(files[0].name), row(files[1].name, { rolled_back_at: new Date() })]).pending).toEqual([files[1].name]);
});

it("says which applied migrations changed since, without counting them as pending", () => {
  expect(compareMigrations(files, [row(files[0].name, { checksum: "changed" }), row(files[1].name)])).toEqual({ pending: [], modified: [files[0].name] });
});
