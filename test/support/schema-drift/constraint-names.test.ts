import { foreignKeyName, indexName, primaryKeyName, uniqueIndexName } from "./constraint-names";

describe("Prisma's default constraint names on PostgreSQL", () => {
  it("follows {table}_{columns}_{suffix}", () => {
    expect(primaryKeyName("specs")).toBe("specs_pkey");
    expect(uniqueIndexName("specs", ["number"])).toBe("specs_number_key");
    expect(indexName("issues", ["spec_id"])).toBe("issues_spec_id_idx");
    expect(indexName("executions", ["issue_id", "created_at"])).toBe("executions_issue_id_created_at_idx");
    expect(foreignKeyName("issues", ["spec_id"])).toBe("issues_spec_id_fkey");
  });

  it("truncates the stem so the suffix still fits in 63 bytes", () => {
    const name = indexName("a_rather_long_table_name_for_testing", ["first_long_column", "second_long_column"]);
    expect(Buffer.byteLength(name)).toBe(63);
    expect(name).toBe(`${"a_rather_long_table_name_for_testing_first_long_column_seco"}_idx`);
    expect(foreignKeyName("t".repeat(70), ["c"])).toBe(`${"t".repeat(58)}_fkey`);
  });

  it("never cuts a multi-byte character in half", () => {
    const name = uniqueIndexName(`${"x".repeat(58)}é`, ["c"]); // the 59-byte cut falls inside "é"
    expect(name).toBe(`${"x".repeat(58)}_key`);
  });
});
