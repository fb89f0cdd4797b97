import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { testDatabaseUrl } from "@/test/support/db";
import { migratedShape, schemaDrift } from "@/test/support/schema-drift/detect-drift";
import { FIXTURE_MIGRATION_SQL, FIXTURE_SCHEMA } from "@/test/support/schema-drift/fixture";
import { PrismaSchemaError } from "@/test/support/schema-drift/load-prisma-datamodel";
import type { DatabaseShape } from "@/test/support/schema-drift/shape";

// Proves the drift check can fail: a fixture schema and its migration agree,
// and each edit to the schema alone is reported as the difference it is.
jest.setTimeout(60_000);

let migrated: DatabaseShape;

beforeAll(async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), "arbor-drift-fixture-"));
  try {
    await mkdir(path.join(dir, "20260101000000_fixture"));
    await writeFile(path.join(dir, "20260101000000_fixture", "migration.sql"), FIXTURE_MIGRATION_SQL);
    migrated = await migratedShape(testDatabaseUrl(), dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

function edit(from: string, to: string): string {
  if (!FIXTURE_SCHEMA.includes(from)) throw new Error(`fixture does not contain ${JSON.stringify(from)}`);
  return FIXTURE_SCHEMA.replace(from, to);
}

test("a schema and the migration generated from it show no drift", () => {
  expect(schemaDrift(FIXTURE_SCHEMA, migrated)).toEqual([]);
});

test.each<[string, string, string, string[]]>([
  [
    "an extra field",
    "  ratio     Float?\n",
    "  ratio     Float?\n  nickname  String?\n",
    ['column "authors.nickname": in the Prisma schema but not in the database'],
  ],
  [
    "a changed type",
    "  slug     String\n",
    "  slug     String @db.VarChar(80)\n",
    ['column "posts.slug": type is text in the database, the schema implies character varying(80)'],
  ],
  [
    "a changed timestamp precision",
    '@map("created_at") @db.Timestamptz(3)',
    '@map("created_at") @db.Timestamptz(6)',
    ['column "authors.created_at": type is timestamp(3) with time zone in the database, the schema implies timestamp(6) with time zone'],
  ],
  [
    "a missing index",
    "  @@index([slug(sort: Desc)])\n",
    "  @@index([slug(sort: Desc)])\n  @@index([body])\n",
    ['index "posts_body_idx" on "posts": implied by the Prisma schema (INDEX (body)) but not in the database'],
  ],
  [
    "an index the schema no longer has",
    "  @@index([name], type: Hash)\n",
    "",
    ['index "Group_name_idx" on "Group": in the database (INDEX USING hash (name)) but not implied by the Prisma schema'],
  ],
  [
    "a changed sort order",
    "@@index([slug(sort: Desc)])",
    "@@index([slug])",
    ['index "posts_slug_idx" on "posts": is INDEX (slug DESC) in the database, the schema implies INDEX (slug)'],
  ],
  [
    "a field made optional",
    '  body     String  @default("")\n',
    '  body     String? @default("")\n',
    ['column "posts.body": NOT NULL in the database, the schema implies nullable'],
  ],
  ["a changed default", "@default(true)", "@default(false)", ["column \"authors.active\": default is 'true' in the database, the schema implies 'false'"]],
  [
    "a default the schema dropped",
    "  views     BigInt   @default(0)\n",
    "  views     BigInt\n",
    ["column \"authors.views\": default is '0' in the database, the schema implies no default"],
  ],
  [
    "a changed onDelete",
    "references: [id], onDelete: Cascade)",
    "references: [id], onDelete: Restrict)",
    [
      'foreign key "posts_author_id_fkey" on "posts": is (author_id) REFERENCES authors(id) ON DELETE Cascade ON UPDATE Cascade in the database, the schema implies (author_id) REFERENCES authors(id) ON DELETE Restrict ON UPDATE Cascade',
    ],
  ],
  [
    "a renamed foreign key",
    'map: "group_parent_fk"',
    'map: "group_parent_fkey"',
    [
      'foreign key (parent_id) REFERENCES Group(id) ON DELETE SetNull ON UPDATE Cascade on "Group": named "group_parent_fk" in the database, the schema implies "group_parent_fkey"',
    ],
  ],
  [
    "a new enum value",
    '  grumpy @map("GRUMPY")\n',
    '  grumpy @map("GRUMPY")\n  sleepy\n',
    ['enum "mood": values are (happy, GRUMPY) in the database, the schema says (happy, GRUMPY, sleepy)'],
  ],
  [
    "a renamed column",
    '@map("created_at") @db.Timestamptz(3)',
    '@map("created") @db.Timestamptz(3)',
    ['column "authors.created": in the Prisma schema but not in the database', 'column "authors.created_at": in the database but not in the Prisma schema'],
  ],
  [
    "a changed Unsupported type",
    'Unsupported("tsvector")?',
    'Unsupported("tsquery")?',
    ['column "posts.search_vector": type is tsvector in the database, the schema implies tsquery'],
  ],
  [
    "an Unsupported field made required",
    'Unsupported("tsvector")?',
    'Unsupported("tsvector")',
    ['column "posts.search_vector": nullable in the database, the schema implies NOT NULL'],
  ],
  [
    "an Unsupported field the database does not have",
    '  search   Unsupported("tsvector")? @map("search_vector")\n',
    '  search   Unsupported("tsvector")? @map("search_vector")\n  terms    Unsupported("tsvector")? @map("terms")\n',
    ['column "posts.terms": in the Prisma schema but not in the database'],
  ],
  [
    "a GIN index the schema no longer has",
    "  @@index([search], type: Gin)\n",
    "",
    ['index "posts_search_vector_idx" on "posts": in the database (INDEX USING gin (search_vector)) but not implied by the Prisma schema'],
  ],
  [
    "a GIN index turned into a btree index",
    "@@index([search], type: Gin)",
    "@@index([search])",
    ['index "posts_search_vector_idx" on "posts": is INDEX USING gin (search_vector) in the database, the schema implies INDEX (search_vector)'],
  ],
  [
    "a new model",
    "model Group {",
    'model Note {\n  id Int @id\n\n  @@map("notes")\n}\n\nmodel Group {',
    ['table "notes": in the Prisma schema but not created by the migrations'],
  ],
])("reports %s", (_what, from, to, differences) => {
  expect(schemaDrift(edit(from, to), migrated)).toEqual(differences);
});

test("reports a dropped implicit many-to-many relation as an extra join table", () => {
  const schema = edit("  groups    Group[]\n", "").replace("  authors Author[]\n", "");
  expect(schemaDrift(schema, migrated)).toEqual(['table "_AuthorToGroup": created by the migrations but not in the Prisma schema']);
});

test("reports an Unsupported column the schema dropped, and its index", () => {
  const schema = edit('  search   Unsupported("tsvector")? @map("search_vector")\n', "").replace("  @@index([search], type: Gin)\n", "");
  expect(schemaDrift(schema, migrated)).toEqual([
    'column "posts.search_vector": in the database but not in the Prisma schema',
    'index "posts_search_vector_idx" on "posts": in the database (INDEX USING gin (search_vector)) but not implied by the Prisma schema',
  ]);
});

test("an invalid schema fails with Prisma's own diagnostics", () => {
  expect(() => schemaDrift(edit("  slug     String\n", "  slug     Strin\n"), migrated)).toThrow(PrismaSchemaError);
});
