import { readFile } from "node:fs/promises";
import path from "node:path";
import { testDatabaseUrl } from "@/test/support/db";
import { migratedShape, schemaDrift } from "@/test/support/schema-drift/detect-drift";

// prisma/schema.prisma and prisma/migrations/ must describe the same
// database. Prisma's `migrate diff` needs the native schema engine, which we
// cannot download, so this applies the migrations to a scratch database and
// compares its catalog with what the schema implies. A failure lists each
// difference; fix it by writing the missing migration (or correcting the
// schema), never by editing an applied migration.
jest.setTimeout(60_000);

test("the migrations create exactly the database the Prisma schema describes", async () => {
  const schema = await readFile(path.join(process.cwd(), "prisma", "schema.prisma"), "utf8");
  const actual = await migratedShape(testDatabaseUrl());
  expect(actual.tables.length).toBeGreaterThan(0);
  expect(schemaDrift(schema, actual)).toEqual([]);
});
