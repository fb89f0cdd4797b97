// A database schema described as plain data, produced twice and compared:
// once from the live catalog after applying the migrations, once from what the
// Prisma schema implies under Prisma's PostgreSQL conventions. Only what a
// migration decides is modelled; column order, storage and comments are not.

export type DatabaseShape = { tables: TableShape[]; enums: EnumShape[] };

export type EnumShape = { name: string; values: string[] };

export type TableShape = {
  name: string;
  columns: ColumnShape[];
  primaryKey: ConstraintShape | null;
  /** Unique and plain indexes; Prisma creates unique constraints as unique indexes. */
  indexes: IndexShape[];
  foreignKeys: ForeignKeyShape[];
};

export type ColumnShape = {
  name: string;
  /** As PostgreSQL's format_type() prints it, without identifier quotes: "timestamp(3) with time zone", "text[]", "IssueStatus". */
  type: string;
  nullable: boolean;
  default: DefaultShape | null;
};

export type DefaultShape =
  | { kind: "now" }
  /** serial / identity: Prisma's autoincrement(). */
  | { kind: "sequence" }
  /** A constant, as text: strings unquoted, arrays as '{a,b}', enum values by their database name. */
  | { kind: "value"; value: string }
  /** Any other SQL expression. From the schema side this is dbgenerated(), whose text PostgreSQL rewrites, so only its presence is compared. */
  | { kind: "expression"; sql: string };

export type ConstraintShape = { name: string; columns: string[] };

export type IndexShape = {
  name: string;
  unique: boolean;
  /** Column names, with " DESC" appended for descending ones. */
  columns: string[];
  /** Access method: btree, hash, gin, gist, spgist, brin. */
  method: string;
  /** Partial-index predicate or expression columns, which Prisma cannot express; null when neither. */
  extra: string | null;
};

export type ReferentialAction = "Cascade" | "Restrict" | "NoAction" | "SetNull" | "SetDefault";

export type ForeignKeyShape = {
  name: string;
  columns: string[];
  referencedTable: string;
  referencedColumns: string[];
  onDelete: ReferentialAction;
  onUpdate: ReferentialAction;
};
