import { get_dmmf } from "@prisma/prisma-schema-wasm";

// Prisma's own schema parser, compiled to WebAssembly (the same package, at
// the same engines version, that `prisma generate` uses), so this works offline
// and without the native schema engine. Its DMMF is the validated datamodel;
// these types cover the part of it the drift check reads.

export type DmmfDefault =
  | { name: string; args: unknown[] } // now(), autoincrement(), uuid(), dbgenerated("…")
  | string
  | number
  | boolean
  | unknown[];

export type DmmfField = {
  name: string;
  dbName?: string | null;
  kind: "scalar" | "enum" | "object" | "unsupported";
  type: string;
  isList: boolean;
  isRequired: boolean;
  isUpdatedAt: boolean;
  nativeType?: [string, string[]] | null;
  default?: DmmfDefault;
  relationName?: string;
  relationFromFields?: string[];
  relationToFields?: string[];
  relationOnDelete?: string;
  relationOnUpdate?: string;
};

export type DmmfModel = { name: string; dbName: string | null; fields: DmmfField[] };

export type DmmfEnum = { name: string; dbName?: string | null; values: { name: string; dbName: string | null }[] };

export type DmmfIndex = {
  model: string;
  type: "id" | "unique" | "normal" | "fulltext";
  dbName?: string;
  algorithm?: string;
  fields: { name: string; sortOrder?: "asc" | "desc" }[];
};

export type PrismaDatamodel = { models: DmmfModel[]; enums: DmmfEnum[]; indexes: DmmfIndex[] };

export class PrismaSchemaError extends Error {}

export function loadPrismaDatamodel(schema: string, fileName = "schema.prisma"): PrismaDatamodel {
  let raw: string;
  try {
    raw = get_dmmf(JSON.stringify({ prismaSchema: [[fileName, schema]], noColorErrors: true }));
  } catch (error) {
    // The wasm module throws a JSON string carrying Prisma's formatted diagnostics.
    const text = error instanceof Error ? error.message : String(error);
    let message = text;
    try {
      message = (JSON.parse(text) as { message?: string }).message ?? text;
    } catch {
      // not JSON: keep the raw text
    }
    throw new PrismaSchemaError(message);
  }
  return (JSON.parse(raw) as { datamodel: PrismaDatamodel }).datamodel;
}
