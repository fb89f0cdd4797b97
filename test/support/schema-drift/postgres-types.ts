import type { DmmfField } from "./load-prisma-datamodel";

// The column type Prisma migrate creates for a field, spelled the way
// PostgreSQL's format_type() prints it back, so the two compare as strings.

// Without a @db attribute.
const SCALAR_DEFAULTS: Record<string, string> = {
  String: "text",
  Boolean: "boolean",
  Int: "integer",
  BigInt: "bigint",
  Float: "double precision",
  Decimal: "numeric(65,30)",
  DateTime: "timestamp(3) without time zone",
  Json: "jsonb",
  Bytes: "bytea",
};

// @db.X(args) → format_type text. `args` are the attribute's arguments.
const NATIVE_TYPES: Record<string, (args: string[]) => string> = {
  Text: () => "text",
  VarChar: (a) => (a.length ? `character varying(${a[0]})` : "character varying"),
  Char: (a) => `character(${a[0] ?? 1})`,
  Uuid: () => "uuid",
  Xml: () => "xml",
  Inet: () => "inet",
  Citext: () => "citext",
  Boolean: () => "boolean",
  SmallInt: () => "smallint",
  Integer: () => "integer",
  BigInt: () => "bigint",
  Oid: () => "oid",
  Real: () => "real",
  DoublePrecision: () => "double precision",
  Decimal: (a) => (a.length ? `numeric(${a.join(",")})` : "numeric"),
  Money: () => "money",
  Timestamp: (a) => withPrecision("timestamp", a, "without time zone"),
  Timestamptz: (a) => withPrecision("timestamp", a, "with time zone"),
  Date: () => "date",
  Time: (a) => withPrecision("time", a, "without time zone"),
  Timetz: (a) => withPrecision("time", a, "with time zone"),
  Bit: (a) => `bit(${a[0] ?? 1})`,
  VarBit: (a) => (a.length ? `bit varying(${a[0]})` : "bit varying"),
  Json: () => "json",
  JsonB: () => "jsonb",
  ByteA: () => "bytea",
};

function withPrecision(base: string, args: string[], zone: string): string {
  return args.length ? `${base}(${args[0]}) ${zone}` : `${base} ${zone}`;
}

export class UnsupportedTypeError extends Error {}

/** `enumNames` maps a Prisma enum to its database type name (its @@map, else its own name). */
export function expectedColumnType(field: DmmfField, enumNames: Map<string, string>): string {
  const base = elementType(field, enumNames);
  return field.isList ? `${base}[]` : base;
}

function elementType(field: DmmfField, enumNames: Map<string, string>): string {
  if (field.kind === "enum") return enumNames.get(field.type) ?? field.type;
  if (field.nativeType) {
    const [name, args] = field.nativeType;
    const render = NATIVE_TYPES[name];
    if (!render)
      throw new UnsupportedTypeError(`the drift check does not know the PostgreSQL type @db.${name} (field ${field.name}); add it to postgres-types.ts`);
    return render(args);
  }
  const scalar = SCALAR_DEFAULTS[field.type];
  if (!scalar)
    throw new UnsupportedTypeError(`the drift check does not know how Prisma stores ${field.type} (field ${field.name}); add it to postgres-types.ts`);
  return scalar;
}
