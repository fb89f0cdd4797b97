import { defineConfig } from "prisma/config";

// The datasource URL is only needed by Prisma CLI commands that talk to a
// database (migrate status/deploy where the engine exists). `generate` does not.
export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
  datasource: { url: process.env.DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres" },
});
