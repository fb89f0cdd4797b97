import { defaultsMatch, describeDefault } from "./column-defaults";
import type { ColumnShape, DatabaseShape, ForeignKeyShape, IndexShape, TableShape } from "./shape";

// Lists every way the migrated database (`actual`) differs from what the
// Prisma schema implies (`expected`), one readable sentence each, sorted so a
// failing test prints a stable, diffable list. Empty means no drift.

export function compareShapes(expected: DatabaseShape, actual: DatabaseShape): string[] {
  const out: string[] = [];
  compareEnums(expected, actual, out);
  const actualTables = byName(actual.tables);
  for (const table of expected.tables) {
    const found = actualTables.get(table.name);
    if (!found) out.push(`table "${table.name}": in the Prisma schema but not created by the migrations`);
    else compareTable(table, found, out);
  }
  const expectedNames = new Set(expected.tables.map((t) => t.name));
  for (const table of actual.tables) {
    if (!expectedNames.has(table.name)) out.push(`table "${table.name}": created by the migrations but not in the Prisma schema`);
  }
  return out.sort();
}

function compareEnums(expected: DatabaseShape, actual: DatabaseShape, out: string[]): void {
  const actualEnums = byName(actual.enums);
  for (const e of expected.enums) {
    const found = actualEnums.get(e.name);
    if (!found) out.push(`enum "${e.name}": in the Prisma schema but not created by the migrations`);
    else if (found.values.join() !== e.values.join()) {
      out.push(`enum "${e.name}": values are (${found.values.join(", ")}) in the database, the schema says (${e.values.join(", ")})`);
    }
  }
  const expectedNames = new Set(expected.enums.map((e) => e.name));
  for (const e of actual.enums) {
    if (!expectedNames.has(e.name)) out.push(`enum "${e.name}": created by the migrations but not in the Prisma schema`);
  }
}

function compareTable(expected: TableShape, actual: TableShape, out: string[]): void {
  const t = expected.name;
  const actualColumns = byName(actual.columns);
  for (const column of expected.columns) {
    const found = actualColumns.get(column.name);
    if (!found) out.push(`column "${t}.${column.name}": in the Prisma schema but not in the database`);
    else compareColumn(t, column, found, out);
  }
  const expectedColumns = new Set(expected.columns.map((c) => c.name));
  for (const column of actual.columns) {
    if (!expectedColumns.has(column.name)) out.push(`column "${t}.${column.name}": in the database but not in the Prisma schema`);
  }

  const pk = (s: TableShape) => (s.primaryKey ? `${s.primaryKey.name} (${s.primaryKey.columns.join(", ")})` : "none");
  if (pk(expected) !== pk(actual)) out.push(`table "${t}": primary key is ${pk(actual)} in the database, the schema implies ${pk(expected)}`);

  compareNamed("index", t, expected.indexes, actual.indexes, describeIndex, out);
  compareNamed("foreign key", t, expected.foreignKeys, actual.foreignKeys, describeForeignKey, out);
}

function compareColumn(table: string, expected: ColumnShape, actual: ColumnShape, out: string[]): void {
  const where = `column "${table}.${expected.name}"`;
  if (expected.type !== actual.type) out.push(`${where}: type is ${actual.type} in the database, the schema implies ${expected.type}`);
  if (expected.nullable !== actual.nullable) {
    out.push(`${where}: ${actual.nullable ? "nullable" : "NOT NULL"} in the database, the schema implies ${expected.nullable ? "nullable" : "NOT NULL"}`);
  }
  if (!defaultsMatch(expected.default, actual.default)) {
    out.push(`${where}: default is ${describeDefault(actual.default)} in the database, the schema implies ${describeDefault(expected.default)}`);
  }
}

/**
 * Pairs objects by name; what is left is matched by definition, to report a
 * rename as one difference rather than as a missing and an extra object.
 */
function compareNamed<T extends { name: string }>(kind: string, table: string, expected: T[], actual: T[], describe: (item: T) => string, out: string[]): void {
  const actualByName = byName(actual);
  const unmatchedExpected: T[] = [];
  for (const item of expected) {
    const found = actualByName.get(item.name);
    if (!found) {
      unmatchedExpected.push(item);
      continue;
    }
    actualByName.delete(item.name);
    if (describe(found) !== describe(item)) {
      out.push(`${kind} "${item.name}" on "${table}": is ${describe(found)} in the database, the schema implies ${describe(item)}`);
    }
  }
  const leftover = [...actualByName.values()];
  for (const item of unmatchedExpected) {
    const twin = leftover.findIndex((a) => describe(a) === describe(item));
    if (twin >= 0) {
      out.push(`${kind} ${describe(item)} on "${table}": named "${leftover[twin].name}" in the database, the schema implies "${item.name}"`);
      leftover.splice(twin, 1);
    } else {
      out.push(`${kind} "${item.name}" on "${table}": implied by the Prisma schema (${describe(item)}) but not in the database`);
    }
  }
  for (const item of leftover) out.push(`${kind} "${item.name}" on "${table}": in the database (${describe(item)}) but not implied by the Prisma schema`);
}

function describeIndex(index: IndexShape): string {
  const kind = index.unique ? "UNIQUE" : "INDEX";
  const method = index.method === "btree" ? "" : ` USING ${index.method}`;
  return `${kind}${method} (${index.columns.join(", ")})${index.extra ? ` [${index.extra}]` : ""}`;
}

function describeForeignKey(fk: ForeignKeyShape): string {
  return `(${fk.columns.join(", ")}) REFERENCES ${fk.referencedTable}(${fk.referencedColumns.join(", ")}) ON DELETE ${fk.onDelete} ON UPDATE ${fk.onUpdate}`;
}

function byName<T extends { name: string }>(items: T[]): Map<string, T> {
  return new Map(items.map((i) => [i.name, i]));
}
