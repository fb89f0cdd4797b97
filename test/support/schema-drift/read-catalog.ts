import type pg from "pg";
import { parseCatalogDefault } from "./column-defaults";
import type { DatabaseShape, ForeignKeyShape, IndexShape, ReferentialAction, TableShape } from "./shape";

// Reads the shape of one schema straight from PostgreSQL's catalogs (not
// information_schema, which hides index methods, sort orders and enum
// details). Prisma's bookkeeping table is left out.

const IGNORED_TABLES = ["_prisma_migrations"];

const ACTIONS: Record<string, ReferentialAction> = { a: "NoAction", r: "Restrict", c: "Cascade", n: "SetNull", d: "SetDefault" };

export async function readCatalog(client: pg.ClientBase, schema = "public"): Promise<DatabaseShape> {
  const tables = await client.query<{ oid: number; name: string }>(
    `SELECT c.oid, c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = $1 AND c.relkind IN ('r', 'p') AND NOT (c.relname = ANY($2)) ORDER BY c.relname`,
    [schema, IGNORED_TABLES],
  );
  const shapes: TableShape[] = [];
  for (const table of tables.rows) shapes.push(await readTable(client, table.oid, table.name));
  return { tables: shapes, enums: await readEnums(client, schema) };
}

async function readTable(client: pg.ClientBase, oid: number, name: string): Promise<TableShape> {
  const columns = await client.query<{ name: string; type: string; nullable: boolean; default: string | null; identity: string }>(
    `SELECT a.attname AS name, format_type(a.atttypid, a.atttypmod) AS type, NOT a.attnotnull AS nullable,
            pg_get_expr(d.adbin, d.adrelid) AS default, a.attidentity AS identity
       FROM pg_attribute a LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
      WHERE a.attrelid = $1 AND a.attnum > 0 AND NOT a.attisdropped ORDER BY a.attnum`,
    [oid],
  );
  const primaryKey = await client.query<{ name: string; columns: string[] }>(
    `SELECT con.conname AS name, array_agg(a.attname ORDER BY k.ord)::text[] AS columns
       FROM pg_constraint con
       CROSS JOIN LATERAL unnest(con.conkey) WITH ORDINALITY AS k(attnum, ord)
       JOIN pg_attribute a ON a.attrelid = con.conrelid AND a.attnum = k.attnum
      WHERE con.conrelid = $1 AND con.contype = 'p' GROUP BY con.conname`,
    [oid],
  );
  return {
    name,
    columns: columns.rows.map((c) => ({
      name: c.name,
      type: unquote(c.type),
      nullable: c.nullable,
      default: c.identity ? { kind: "sequence" } : c.default === null ? null : parseCatalogDefault(c.default),
    })),
    primaryKey: primaryKey.rows[0] ?? null,
    indexes: await readIndexes(client, oid),
    foreignKeys: await readForeignKeys(client, oid),
  };
}

async function readIndexes(client: pg.ClientBase, oid: number): Promise<IndexShape[]> {
  const { rows } = await client.query<{ name: string; unique: boolean; method: string; columns: string[]; predicate: string | null; has_expressions: boolean }>(
    `SELECT ic.relname AS name, i.indisunique AS unique, am.amname AS method,
            ARRAY(SELECT coalesce(a.attname, pg_get_indexdef(i.indexrelid, k.ord::int, true))
                         || CASE WHEN i.indoption[k.ord - 1] & 1 = 1 THEN ' DESC' ELSE '' END
                    FROM unnest(i.indkey) WITH ORDINALITY AS k(attnum, ord)
                    LEFT JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = k.attnum AND k.attnum > 0
                   WHERE k.ord <= i.indnkeyatts
                   ORDER BY k.ord)::text[] AS columns,
            pg_get_expr(i.indpred, i.indrelid) AS predicate,
            i.indexprs IS NOT NULL AS has_expressions
       FROM pg_index i JOIN pg_class ic ON ic.oid = i.indexrelid JOIN pg_am am ON am.oid = ic.relam
      WHERE i.indrelid = $1 AND NOT i.indisprimary ORDER BY ic.relname`,
    [oid],
  );
  return rows.map((r) => ({
    name: r.name,
    unique: r.unique,
    columns: r.columns,
    method: r.method,
    extra: [r.has_expressions ? "expression columns" : null, r.predicate ? `WHERE ${r.predicate}` : null].filter(Boolean).join(", ") || null,
  }));
}

async function readForeignKeys(client: pg.ClientBase, oid: number): Promise<ForeignKeyShape[]> {
  const { rows } = await client.query<{
    name: string;
    columns: string[];
    referenced_table: string;
    referenced_columns: string[];
    on_delete: string;
    on_update: string;
  }>(
    `SELECT con.conname AS name,
            ARRAY(SELECT a.attname FROM unnest(con.conkey) WITH ORDINALITY k(n, ord)
                    JOIN pg_attribute a ON a.attrelid = con.conrelid AND a.attnum = k.n ORDER BY k.ord)::text[] AS columns,
            ref.relname AS referenced_table,
            ARRAY(SELECT a.attname FROM unnest(con.confkey) WITH ORDINALITY k(n, ord)
                    JOIN pg_attribute a ON a.attrelid = con.confrelid AND a.attnum = k.n ORDER BY k.ord)::text[] AS referenced_columns,
            con.confdeltype AS on_delete, con.confupdtype AS on_update
       FROM pg_constraint con JOIN pg_class ref ON ref.oid = con.confrelid
      WHERE con.conrelid = $1 AND con.contype = 'f' ORDER BY con.conname`,
    [oid],
  );
  return rows.map((r) => ({
    name: r.name,
    columns: r.columns,
    referencedTable: r.referenced_table,
    referencedColumns: r.referenced_columns,
    onDelete: ACTIONS[r.on_delete],
    onUpdate: ACTIONS[r.on_update],
  }));
}

async function readEnums(client: pg.ClientBase, schema: string): Promise<DatabaseShape["enums"]> {
  const { rows } = await client.query<{ name: string; values: string[] }>(
    `SELECT t.typname AS name, array_agg(e.enumlabel ORDER BY e.enumsortorder)::text[] AS values
       FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace JOIN pg_enum e ON e.enumtypid = t.oid
      WHERE n.nspname = $1 GROUP BY t.typname ORDER BY t.typname`,
    [schema],
  );
  return rows;
}

/** format_type() quotes identifiers that need it ("IssueStatus"[]); Prisma's names never contain quotes. */
function unquote(type: string): string {
  return type.replace(/"/g, "");
}
