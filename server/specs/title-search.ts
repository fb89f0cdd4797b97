import "server-only";

/**
 * A Prisma filter for "title contains q, ignoring case". Prisma passes `contains`
 * to ILIKE unescaped, so LIKE wildcards in the search text are escaped to match literally.
 */
export function titleContains(q: string) {
  return { contains: q.replace(/[\\%_]/g, "\\$&"), mode: "insensitive" as const };
}
