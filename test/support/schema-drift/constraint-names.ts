// Prisma's default constraint and index names on PostgreSQL (psl-core's
// ConstraintNames): built from the *database* names of table and columns,
// truncated so that the suffix still fits in PostgreSQL's 63-byte identifier
// limit.

const MAX_IDENTIFIER_BYTES = 63;

export function primaryKeyName(table: string): string {
  return truncated(table, "_pkey");
}

export function uniqueIndexName(table: string, columns: string[]): string {
  return truncated(`${table}_${columns.join("_")}`, "_key");
}

export function indexName(table: string, columns: string[]): string {
  return truncated(`${table}_${columns.join("_")}`, "_idx");
}

export function foreignKeyName(table: string, columns: string[]): string {
  return truncated(`${table}_${columns.join("_")}`, "_fkey");
}

function truncated(stem: string, suffix: string): string {
  const limit = MAX_IDENTIFIER_BYTES - Buffer.byteLength(suffix);
  const bytes = Buffer.from(stem, "utf8");
  if (bytes.length < limit) return stem + suffix;
  // Cut on a character boundary, as Prisma does (floor_char_boundary).
  let end = limit;
  while (end > 0 && (bytes[end] & 0xc0) === 0x80) end--;
  return bytes.subarray(0, end).toString("utf8") + suffix;
}
