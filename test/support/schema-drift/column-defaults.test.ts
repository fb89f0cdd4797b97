import { defaultsMatch, parseCatalogDefault } from "./column-defaults";

describe("parseCatalogDefault", () => {
  it.each([
    ["CURRENT_TIMESTAMP", { kind: "now" }],
    ["now()", { kind: "now" }],
    ["nextval('authors_id_seq'::regclass)", { kind: "sequence" }],
    ["''::text", { kind: "value", value: "" }],
    ["'it''s'::text", { kind: "value", value: "it's" }],
    [`'open'::"IssueStatus"`, { kind: "value", value: "open" }],
    ["'-1'::integer", { kind: "value", value: "-1" }],
    ["0", { kind: "value", value: "0" }],
    ["(-1.5)", { kind: "value", value: "-1.5" }],
    ["true", { kind: "value", value: "true" }],
    ["'{}'::jsonb", { kind: "value", value: "{}" }],
    ["ARRAY[]::text[]", { kind: "value", value: "{}" }],
    ["ARRAY['a'::text, 'b,c'::text]", { kind: "value", value: "{a,b,c}" }],
    ["gen_random_uuid()", { kind: "expression", sql: "gen_random_uuid()" }],
  ])("%s", (sql, expected) => {
    expect(parseCatalogDefault(sql)).toEqual(expected);
  });
});

describe("defaultsMatch", () => {
  it("compares numbers, instants and JSON by value", () => {
    expect(defaultsMatch({ kind: "value", value: "1.5" }, { kind: "value", value: "1.50" })).toBe(true);
    expect(defaultsMatch({ kind: "value", value: "2020-01-01T00:00:00+00:00" }, { kind: "value", value: "2020-01-01 00:00:00+00" })).toBe(true);
    expect(defaultsMatch({ kind: "value", value: '{"a": 1}' }, { kind: "value", value: '{"a":1}' })).toBe(true);
    expect(defaultsMatch({ kind: "value", value: "0" }, { kind: "value", value: "" })).toBe(false);
  });

  it("accepts any database default for dbgenerated() and none for a missing one", () => {
    expect(defaultsMatch({ kind: "expression", sql: "gen_random_uuid()" }, { kind: "expression", sql: "public.gen_random_uuid()" })).toBe(true);
    expect(defaultsMatch(null, { kind: "now" })).toBe(false);
    expect(defaultsMatch({ kind: "now" }, null)).toBe(false);
  });
});
