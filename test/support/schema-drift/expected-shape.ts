import { expectedDefault } from "./column-defaults";
import { foreignKeyName, indexName, primaryKeyName, uniqueIndexName } from "./constraint-names";
import type { DmmfField, DmmfModel, PrismaDatamodel } from "./load-prisma-datamodel";
import { expectedColumnType } from "./postgres-types";
import type { ColumnShape, DatabaseShape, ForeignKeyShape, IndexShape, ReferentialAction, TableShape } from "./shape";
import type { UnsupportedField } from "./unsupported-fields";

// What `prisma migrate` would create on PostgreSQL for a datamodel:
// @map/@@map names, default types, NOT NULL except for optional fields and
// scalar lists, default-named constraints and indexes unless `map:` is given,
// foreign keys with Prisma's default referential actions, and the join tables
// of implicit many-to-many relations.
//
// Unsupported("…") fields are not in the DMMF either; their columns come from
// `unsupported` (read from the schema text by unsupported-fields.ts).
//
// Not visible in the DMMF and so not covered: models and fields marked
// @@ignore / @ignore (they would show up as "not in the Prisma schema").

export function expectedShape(
  datamodel: PrismaDatamodel,
  relationNames: Map<string, string> = new Map(),
  unsupported: Map<string, UnsupportedField[]> = new Map(),
): DatabaseShape {
  const ctx = new Context(datamodel, relationNames, unsupported);
  const tables = datamodel.models.map((model) => ctx.table(model));
  tables.push(...ctx.implicitManyToManyTables());
  const enums = datamodel.enums.map((e) => ({ name: e.dbName ?? e.name, values: e.values.map((v) => v.dbName ?? v.name) }));
  return { tables, enums };
}

class Context {
  private readonly models: Map<string, DmmfModel>;
  private readonly enumNames: Map<string, string>;
  private readonly enumValues: Map<string, Map<string, string>>;

  constructor(
    private readonly datamodel: PrismaDatamodel,
    private readonly relationNames: Map<string, string>,
    private readonly unsupported: Map<string, UnsupportedField[]>,
  ) {
    this.models = new Map(datamodel.models.map((m) => [m.name, m]));
    this.enumNames = new Map(datamodel.enums.map((e) => [e.name, e.dbName ?? e.name]));
    this.enumValues = new Map(datamodel.enums.map((e) => [e.name, new Map(e.values.map((v) => [v.name, v.dbName ?? v.name]))]));
  }

  table(model: DmmfModel): TableShape {
    const name = tableName(model);
    const scalars = model.fields.filter((f) => f.kind === "scalar" || f.kind === "enum");
    const indexes = this.datamodel.indexes.filter((i) => i.model === model.name);
    const id = indexes.find((i) => i.type === "id");
    const columnsOf = (fields: { name: string }[]) => fields.map((f) => this.columnName(model, f.name));
    return {
      name,
      columns: [...scalars.map((f) => this.column(f)), ...(this.unsupported.get(model.name) ?? []).map(unsupportedColumn)],
      primaryKey: id ? { name: id.dbName ?? primaryKeyName(name), columns: columnsOf(id.fields) } : null,
      indexes: indexes
        .filter((i) => i.type === "unique" || i.type === "normal")
        .map((i): IndexShape => {
          const columns = columnsOf(i.fields);
          const unique = i.type === "unique";
          return {
            name: i.dbName ?? (unique ? uniqueIndexName(name, columns) : indexName(name, columns)),
            unique,
            columns: columns.map((c, n) => (i.fields[n].sortOrder === "desc" ? `${c} DESC` : c)),
            method: (i.algorithm ?? "BTree").toLowerCase(),
            extra: null,
          };
        }),
      foreignKeys: model.fields.filter((f) => f.kind === "object" && f.relationFromFields?.length).map((f) => this.foreignKey(model, f)),
    };
  }

  private column(field: DmmfField): ColumnShape {
    return {
      name: field.dbName ?? field.name,
      type: expectedColumnType(field, this.enumNames),
      // Prisma creates scalar lists as nullable array columns.
      nullable: field.isList || !field.isRequired,
      default: expectedDefault(field, (enumName, value) => this.enumValues.get(enumName)?.get(value) ?? value),
    };
  }

  private foreignKey(model: DmmfModel, relation: DmmfField): ForeignKeyShape {
    const table = tableName(model);
    const target = this.model(relation.type);
    const columns = relation.relationFromFields!.map((f) => this.columnName(model, f));
    return {
      name: this.relationNames.get(`${model.name}.${relation.name}`) ?? foreignKeyName(table, columns),
      columns,
      referencedTable: tableName(target),
      referencedColumns: (relation.relationToFields ?? []).map((f) => this.columnName(target, f)),
      // Prisma's defaults: SetNull for optional relations, Restrict for required; Cascade on update.
      onDelete: (relation.relationOnDelete as ReferentialAction | undefined) ?? (relation.isRequired ? "Restrict" : "SetNull"),
      onUpdate: (relation.relationOnUpdate as ReferentialAction | undefined) ?? "Cascade",
    };
  }

  /**
   * `_<RelationName>(A, B)`: A references the model whose name sorts first.
   * Since Prisma 6 the pair is the primary key `_<Rel>_AB_pkey`, with an index
   * `_<Rel>_B_index` on B; both foreign keys cascade.
   */
  implicitManyToManyTables(): TableShape[] {
    const seen = new Map<string, [DmmfModel, DmmfModel]>();
    for (const model of this.datamodel.models) {
      for (const f of model.fields) {
        if (f.kind !== "object" || !f.isList || f.relationFromFields?.length || !f.relationName) continue;
        const other = this.model(f.type);
        const back = other.fields.find((g) => g.kind === "object" && g.relationName === f.relationName && g !== f);
        if (back?.isList && !seen.has(f.relationName)) {
          seen.set(f.relationName, [model, other].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)) as [DmmfModel, DmmfModel]);
        }
      }
    }
    return [...seen].map(([relation, [a, b]]) => {
      const name = `_${relation}`;
      const side = (model: DmmfModel, column: "A" | "B"): { column: ColumnShape; fk: ForeignKeyShape } => {
        const id = this.singleIdField(model, relation);
        return {
          column: { name: column, type: expectedColumnType({ ...id, isList: false }, this.enumNames), nullable: false, default: null },
          fk: {
            name: `${name}_${column}_fkey`,
            columns: [column],
            referencedTable: tableName(model),
            referencedColumns: [id.dbName ?? id.name],
            onDelete: "Cascade",
            onUpdate: "Cascade",
          },
        };
      };
      const [sa, sb] = [side(a, "A"), side(b, "B")];
      return {
        name,
        columns: [sa.column, sb.column],
        primaryKey: { name: `${name}_AB_pkey`, columns: ["A", "B"] },
        indexes: [{ name: `${name}_B_index`, unique: false, columns: ["B"], method: "btree", extra: null }],
        foreignKeys: [sa.fk, sb.fk],
      };
    });
  }

  private singleIdField(model: DmmfModel, relation: string): DmmfField {
    const id = this.datamodel.indexes.find((i) => i.model === model.name && i.type === "id");
    const field = id?.fields.length === 1 ? model.fields.find((f) => f.name === id.fields[0].name) : undefined;
    if (!field) throw new Error(`implicit many-to-many relation ${relation} needs a single-field @id on ${model.name}`);
    return field;
  }

  private columnName(model: DmmfModel, fieldName: string): string {
    const field = model.fields.find((f) => f.name === fieldName);
    if (field) return field.dbName ?? fieldName;
    return this.unsupported.get(model.name)?.find((f) => f.name === fieldName)?.column ?? fieldName;
  }

  private model(name: string): DmmfModel {
    const model = this.models.get(name);
    if (!model) throw new Error(`unknown model ${name}`);
    return model;
  }
}

/** Prisma writes the type verbatim; NOT NULL unless optional (lists are nullable arrays, as for other scalars). */
function unsupportedColumn(field: UnsupportedField): ColumnShape {
  return {
    name: field.column,
    type: field.list ? `${field.type}[]` : field.type,
    nullable: field.list || field.optional,
    default: field.dbgenerated === undefined ? null : { kind: "expression", sql: field.dbgenerated },
  };
}

function tableName(model: DmmfModel): string {
  return model.dbName ?? model.name;
}
