import { unsupportedFields } from "./unsupported-fields";

test("reads Unsupported(...) fields per model: column, type, optional, list, dbgenerated default", () => {
  const schema = `
model Event {
  id      Int @id
  vector  Unsupported("tsvector")? @map("search_vector") // comment Unsupported("nope")
  shape   Unsupported("circle")
  // old  Unsupported("point")?
  points  Unsupported("point")[]
  gen     Unsupported("tsvector") @default(dbgenerated("to_tsvector('simple', '')")) @map(name: "gen_col")
  title   String @map("heading")
}

model Other {
  id Int @id
}
`;
  expect(unsupportedFields(schema)).toEqual(
    new Map([
      [
        "Event",
        [
          { name: "vector", column: "search_vector", type: "tsvector", optional: true, list: false },
          { name: "shape", column: "shape", type: "circle", optional: false, list: false },
          { name: "points", column: "points", type: "point", optional: false, list: true },
          { name: "gen", column: "gen_col", type: "tsvector", optional: false, list: false, dbgenerated: "to_tsvector('simple', '')" },
        ],
      ],
    ]),
  );
});
