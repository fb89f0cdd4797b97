// The DMMF leaves out fields of type Unsupported("…") (the generated client
// cannot read or write them), but `prisma migrate` still creates their
// columns, and @@index may name them (e.g. a GIN index on a tsvector). Read
// them from the schema text, like relation-map-names.ts reads `map:`. The
// schema has already been validated by Prisma's parser, so this only has to
// handle valid syntax: one field per line,
//
//   name Unsupported("type")[?] [@map("column")] [@default(dbgenerated("…"))] …
//
// The type is the database type exactly as written; write it the way
// PostgreSQL's format_type() prints it ("tsvector", "point") so the two compare.

export type UnsupportedField = {
  /** The field's name in the schema. */
  name: string;
  /** Its column name: @map, else the field name. */
  column: string;
  /** The database type, as written inside Unsupported("…"). */
  type: string;
  /** `?` makes it nullable; Prisma creates the column NOT NULL otherwise. */
  optional: boolean;
  /** `[]`: a list, created as a nullable array column. */
  list: boolean;
  /** @default(dbgenerated("…")) text, if any (the only default Unsupported fields can have). */
  dbgenerated?: string;
};

/** Keys are model names. */
export function unsupportedFields(schema: string): Map<string, UnsupportedField[]> {
  const fields = new Map<string, UnsupportedField[]>();
  let model: string | undefined;
  for (const raw of schema.split("\n")) {
    const line = stripComment(raw);
    const open = /^\s*model\s+(\w+)\s*\{/.exec(line);
    if (open) {
      model = open[1];
      continue;
    }
    if (/^\s*\}/.test(line)) {
      model = undefined;
      continue;
    }
    if (!model) continue;
    const field = /^\s*(\w+)\s+Unsupported\(\s*"((?:[^"\\]|\\.)*)"\s*\)(\[\])?(\?)?/.exec(line);
    if (!field) continue;
    const rest = line.slice(field[0].length);
    const map = /@map\(\s*(?:name\s*:\s*)?"((?:[^"\\]|\\.)*)"\s*\)/.exec(rest);
    const generated = /@default\(\s*dbgenerated\(\s*"((?:[^"\\]|\\.)*)"\s*\)\s*\)/.exec(rest);
    const list = fields.get(model) ?? [];
    list.push({
      name: field[1],
      column: map ? map[1] : field[1],
      type: field[2],
      optional: field[4] === "?",
      list: field[3] === "[]",
      ...(generated ? { dbgenerated: generated[1] } : {}),
    });
    fields.set(model, list);
  }
  return fields;
}

function stripComment(line: string): string {
  let inString = false;
  for (let i = 0; i < line.length - 1; i++) {
    if (line[i] === '"' && line[i - 1] !== "\\") inString = !inString;
    if (!inString && line[i] === "/" && line[i + 1] === "/") return line.slice(0, i);
  }
  return line;
}
