// A small schema that exercises the Prisma conventions the drift check
// encodes, with the migration `prisma migrate dev` generates for it (written
// in Prisma 7's output format: quoted identifiers, CREATE UNIQUE INDEX for
// unique constraints, ARRAY[]::TEXT[] list defaults, implicit many-to-many
// join table with an AB primary key, an Unsupported("tsvector") column written
// verbatim with a GIN index on it). Used to show the check passes on a
// matching pair and reports each kind of mismatch.

export const FIXTURE_SCHEMA = `
datasource db {
  provider = "postgresql"
}

enum Mood {
  happy
  grumpy @map("GRUMPY")

  @@map("mood")
}

model Author {
  id        Int      @id @default(autoincrement())
  handle    String   @unique @db.VarChar(40)
  mood      Mood     @default(happy)
  moods     Mood[]
  tags      String[] @default([])
  settings  Json     @default("{}")
  balance   Decimal  @default(0) @db.Decimal(12, 2)
  views     BigInt   @default(0)
  ratio     Float?
  active    Boolean  @default(true)
  createdAt DateTime @default(now()) @map("created_at") @db.Timestamptz(3)
  updatedAt DateTime @updatedAt @map("updated_at")
  posts     Post[]
  groups    Group[]

  @@map("authors")
}

model Post {
  id       String  @id @default(uuid()) @db.Uuid
  authorId Int     @map("author_id")
  author   Author  @relation(fields: [authorId], references: [id], onDelete: Cascade)
  editorId Int?    @map("editor_id")
  slug     String
  body     String  @default("")
  external String  @default(dbgenerated("gen_random_uuid()")) @db.Uuid
  search   Unsupported("tsvector")? @map("search_vector")

  @@unique([authorId, slug])
  @@index([slug(sort: Desc)])
  @@index([search], type: Gin)
  @@map("posts")
}

model Group {
  id      Int      @id
  name    String
  authors Author[]
  parentId Int?    @map("parent_id")
  parent  Group?   @relation("GroupTree", fields: [parentId], references: [id], map: "group_parent_fk")
  children Group[] @relation("GroupTree")

  @@index([name], type: Hash)
}
`;

export const FIXTURE_MIGRATION_SQL = `
-- CreateEnum
CREATE TYPE "mood" AS ENUM ('happy', 'GRUMPY');

-- CreateTable
CREATE TABLE "authors" (
    "id" SERIAL NOT NULL,
    "handle" VARCHAR(40) NOT NULL,
    "mood" "mood" NOT NULL DEFAULT 'happy',
    "moods" "mood"[],
    "tags" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "settings" JSONB NOT NULL DEFAULT '{}',
    "balance" DECIMAL(12,2) NOT NULL DEFAULT 0,
    "views" BIGINT NOT NULL DEFAULT 0,
    "ratio" DOUBLE PRECISION,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "authors_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "posts" (
    "id" UUID NOT NULL,
    "author_id" INTEGER NOT NULL,
    "editor_id" INTEGER,
    "slug" TEXT NOT NULL,
    "body" TEXT NOT NULL DEFAULT '',
    "external" UUID NOT NULL DEFAULT gen_random_uuid(),
    "search_vector" tsvector,

    CONSTRAINT "posts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Group" (
    "id" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "parent_id" INTEGER,

    CONSTRAINT "Group_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "_AuthorToGroup" (
    "A" INTEGER NOT NULL,
    "B" INTEGER NOT NULL,

    CONSTRAINT "_AuthorToGroup_AB_pkey" PRIMARY KEY ("A","B")
);

-- CreateIndex
CREATE UNIQUE INDEX "authors_handle_key" ON "authors"("handle");

-- CreateIndex
CREATE INDEX "posts_slug_idx" ON "posts"("slug" DESC);

-- CreateIndex
CREATE UNIQUE INDEX "posts_author_id_slug_key" ON "posts"("author_id", "slug");

-- CreateIndex
CREATE INDEX "posts_search_vector_idx" ON "posts" USING GIN ("search_vector");

-- CreateIndex
CREATE INDEX "Group_name_idx" ON "Group" USING HASH ("name");

-- CreateIndex
CREATE INDEX "_AuthorToGroup_B_index" ON "_AuthorToGroup"("B");

-- AddForeignKey
ALTER TABLE "posts" ADD CONSTRAINT "posts_author_id_fkey" FOREIGN KEY ("author_id") REFERENCES "authors"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Group" ADD CONSTRAINT "group_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "Group"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "_AuthorToGroup" ADD CONSTRAINT "_AuthorToGroup_A_fkey" FOREIGN KEY ("A") REFERENCES "authors"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "_AuthorToGroup" ADD CONSTRAINT "_AuthorToGroup_B_fkey" FOREIGN KEY ("B") REFERENCES "Group"("id") ON DELETE CASCADE ON UPDATE CASCADE;
`;
