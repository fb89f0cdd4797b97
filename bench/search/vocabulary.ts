// Word material for the search benchmark's synthetic agent logs: phrases an
// assistant writes, files it touches, commands it runs, patterns it greps
// for, and the prompts people type. Drawn with a skew (a few phrases very
// often, most rarely), so term frequencies look like a real log's: some
// words appear in a large share of events, many in very few.

export const ASSISTANT_PHRASES = [
  "Let me look at", "I'll start by reading", "the failing test", "the login handler", "the session token",
  "is not validated", "before the redirect", "Now let me check", "the database migration", "the error message says",
  "I found the problem", "the null pointer", "in the request handler", "the cache is stale", "after the refactor",
  "Let me run the tests", "all tests pass now", "one test still fails", "the type checker complains", "about a missing property",
  "I'll update the schema", "the foreign key constraint", "the index is missing", "the query is slow", "because of a sequential scan",
  "the retry logic", "with exponential backoff", "the websocket connection", "drops after a timeout", "the config file",
  "the environment variable", "is read too late", "the build fails", "on a missing import", "the React component",
  "re-renders on every keystroke", "I'll memoize it", "the form validation", "rejects empty titles", "the API returns 422",
  "the pagination cursor", "skips the last page", "the date parser", "ignores the time zone", "the rate limiter",
  "counts requests per user", "the background job", "never finishes", "the queue worker", "holds a lock",
  "the deadlock happens", "when two writers", "update the same row", "I'll add a test", "that reproduces it",
  "the fix is small", "I changed one line", "the snapshot is outdated", "the e2e test", "clicks the wrong button",
  "the accessibility label", "is missing on the icon", "the dark mode colors", "have poor contrast", "the markdown renderer",
  "escapes the code block", "the search endpoint", "ranks partial matches", "above exact ones", "the tokenizer splits",
  "file paths", "into separate words", "the permission check", "runs after the write", "the audit log",
  "records the old value", "the feature flag", "is off in production", "the migration script", "drops the column",
  "without a backup", "the rollback plan", "the health check", "reports ready too early", "the memory leak",
  "comes from an event listener", "that is never removed", "the stream closes", "before the last chunk", "the parser",
  "chokes on unicode", "the JSON payload", "has a trailing comma", "the CSV export", "quotes every field",
  "the upload limit", "is ten megabytes", "the thumbnail generator", "crops the wrong side", "the email template",
  "renders without styles", "the webhook signature", "does not match", "the clock skew", "between the servers",
  "the OAuth callback", "loses the state parameter", "the refresh token", "expires too soon", "the password reset",
  "link is single use", "the invoice total", "rounds half up", "the currency conversion", "uses a stale rate",
  "the notification badge", "never clears", "the websocket reconnect", "duplicates messages", "the sort order",
  "is not stable", "the locale fallback", "picks English", "the keyboard shortcut", "conflicts with the browser",
  "the focus trap", "escapes the modal", "the tooltip", "overlaps the menu", "the chart axis",
  "starts at one", "the histogram buckets", "are off by one", "the percentile math", "uses the wrong rank",
  "the benchmark", "warms the cache first", "the flaky test", "depends on timing", "I'll use a fake clock",
  "the transaction", "commits twice", "the idempotency key", "prevents the double charge", "the optimistic update",
  "rolls back on error", "the service worker", "caches the old bundle", "the source map", "points to the wrong line",
  "the linter", "flags an unused variable", "the formatter", "rewrites the whole file", "the monorepo",
  "has two copies of react", "the dependency upgrade", "breaks the adapter", "the Prisma client", "needs regenerating",
  "the Postgres trigger", "fires on every update", "the GIN index", "speeds up the full text search", "the tsvector column",
  "is filled on insert", "the headline snippet", "highlights the terms", "the kubernetes pod", "restarts in a loop",
  "the docker image", "is missing a font", "the CI pipeline", "times out on the e2e job", "the cron schedule",
  "runs in UTC", "the log level", "hides the warning", "the stack trace", "points into node_modules",
];

export const FILE_PATHS = (() => {
  const dirs = [
    "src/auth", "src/api", "src/components", "src/components/forms", "src/db", "src/db/migrations", "src/jobs", "src/lib",
    "src/pages", "src/pages/settings", "src/search", "src/billing", "src/notifications", "src/uploads", "test/unit", "test/integration",
    "test/e2e", "scripts", "config", "server/http", "server/runner", "server/queue", "app/api/users", "app/api/orders",
  ];
  const names = [
    "login.ts", "session.ts", "token.ts", "middleware.ts", "handler.ts", "index.ts", "schema.prisma", "user-form.tsx",
    "order-list.tsx", "search-box.tsx", "query.ts", "migrate.ts", "worker.ts", "retry.ts", "rate-limit.ts", "invoice.ts",
    "currency.ts", "email-template.tsx", "webhook.ts", "upload.ts", "thumbnail.ts", "parser.ts", "export-csv.ts", "health.ts",
    "config.json", "package.json", "tsconfig.json", "README.md", "utils.ts", "format-date.ts",
  ];
  const paths: string[] = [];
  for (let i = 0; i < dirs.length; i++) for (let j = 0; j < names.length; j++) if ((i * 7 + j * 3) % 4 === 0) paths.push(`${dirs[i]}/${names[j]}`);
  return paths.map((p, i) => (i % 5 === 0 ? `/home/dev/project/${p}` : p));
})();

export const COMMANDS = [
  "npm test", "npm run build", "npm run lint", "npx tsc --noEmit", "git status", "git diff", "git log --oneline -5",
  "npx jest test/unit", "npx jest test/integration --runInBand", "npm run db:migrate", "npx prisma generate", "ls -la src",
  "cat package.json", "grep -rn TODO src", "docker compose up -d", "kubectl get pods", "psql -c 'select 1'", "node scripts/seed.js",
  "npm install", "npx playwright test", "curl -s localhost:3000/api/health", "make build", "cargo test", "go test ./...",
  "python -m pytest", "rm -rf dist", "du -sh node_modules", "npm audit", "git stash", "npx eslint --fix src",
];

export const GREP_PATTERNS = [
  "TODO", "session_token", "validateToken", "retryWithBackoff", "useEffect", "SELECT \\*", "console.log", "throw new Error",
  "process.env", "deprecated", "FIXME", "rateLimit", "formatDate", "parseCsv", "onSubmit", "aria-label",
];

export const TOOL_OUTPUT = [
  "PASS test/unit/login.test.ts", "FAIL test/integration/orders.test.ts", "Tests: 42 passed, 1 failed", "error TS2339: Property 'id' does not exist",
  "Compiled successfully in 3.2s", "no changes added to commit", "1 file changed, 3 insertions(+)", "Found 0 vulnerabilities",
  "ENOENT: no such file or directory", "Done in 1.84s",
];

export const PROMPT_OPENERS = [
  "Fix the", "Investigate why", "Add tests for", "Refactor", "Speed up", "Document", "Make", "Find out why",
  "Clean up", "Review", "Implement", "Debug",
];
