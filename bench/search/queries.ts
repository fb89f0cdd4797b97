// The search benchmark's queries: what people would type, across the
// selectivity range of the seeded data (bench/search/vocabulary.ts,
// bench/search/assistant-phrases.ts): very common words, rare ones, several
// terms, file names and paths, commands, tool names, phrases, exclusions,
// `or`, partial matches and no match.

export type BenchQuery = { q: string; class: string };

export const QUERIES: BenchQuery[] = [
  // one frequent word (matches a large share of the log)
  { q: "test", class: "one common word" },
  { q: "session", class: "one common word" },
  { q: "migration", class: "one common word" },
  { q: "handler", class: "one common word" },
  { q: "token", class: "one common word" },
  { q: "fails", class: "one common word" },
  // one rare word
  { q: "thumbnail", class: "one rare word" },
  { q: "webhook", class: "one rare word" },
  { q: "histogram", class: "one rare word" },
  { q: "kubernetes", class: "one rare word" },
  { q: "E4242", class: "one rare word" },
  { q: "E17", class: "one rare word" },
  { q: "deadlock", class: "one rare word" },
  // two and three words
  { q: "login token", class: "several words" },
  { q: "failing test", class: "several words" },
  { q: "database migration", class: "several words" },
  { q: "retry backoff", class: "several words" },
  { q: "react component", class: "several words" },
  { q: "focus trap modal", class: "several words" },
  { q: "session token validated", class: "several words" },
  { q: "GIN index search", class: "several words" },
  { q: "queue worker lock", class: "several words" },
  { q: "memory leak listener", class: "several words" },
  { q: "password reset link", class: "several words" },
  { q: "currency conversion stale rate", class: "several words" },
  // files
  { q: "login.ts", class: "file" },
  { q: "src/auth/login.ts", class: "file" },
  { q: "schema.prisma", class: "file" },
  { q: "user-form.tsx", class: "file" },
  { q: "rate-limit.ts", class: "file" },
  { q: "migrations/migrate.ts", class: "file" },
  { q: "package.json", class: "file" },
  // commands and tools
  { q: "npm test", class: "command / tool" },
  { q: "tsc", class: "command / tool" },
  { q: "kubectl get pods", class: "command / tool" },
  { q: "git diff", class: "command / tool" },
  { q: "Edit", class: "command / tool" },
  { q: "Grep validateToken", class: "command / tool" },
  { q: "playwright", class: "command / tool" },
  // websearch syntax
  { q: '"session token"', class: "phrase / exclusion / or" },
  { q: '"exponential backoff"', class: "phrase / exclusion / or" },
  { q: "migration -rollback", class: "phrase / exclusion / or" },
  { q: "test -flaky -e2e", class: "phrase / exclusion / or" },
  { q: "webhook or oauth", class: "phrase / exclusion / or" },
  { q: '"the query is slow" index', class: "phrase / exclusion / or" },
  // all terms rarely together: partial matches fill the page
  { q: "thumbnail deadlock invoice", class: "partial match" },
  { q: "histogram webhook tooltip", class: "partial match" },
  { q: "kubernetes login.ts E4242", class: "partial match" },
  { q: "locale fallback chart axis", class: "partial match" },
  // nothing matches
  { q: "xylophone", class: "no match" },
  { q: "quantum zebra", class: "no match" },
  { q: "the", class: "no match" },
];
