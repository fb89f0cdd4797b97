import { relationMapNames } from "./relation-map-names";

test("reads map: from @relation attributes, per model and field", () => {
  const schema = `
model Post {
  author   User  @relation("Writes", fields: [authorId], references: [id], map: "post_author_fk") // comment with map: "nope"
  editor   User? @relation(fields: [editorId], references: [id])
  // tag Tag @relation(fields: [tagId], references: [id], map: "commented_out")
  title    String @map("heading")
}

model Comment {
  post Post @relation(fields: [postId], references: [id], onDelete: Cascade, map: "comment_post")
}
`;
  expect(relationMapNames(schema)).toEqual(
    new Map([
      ["Post.author", "post_author_fk"],
      ["Comment.post", "comment_post"],
    ]),
  );
});
