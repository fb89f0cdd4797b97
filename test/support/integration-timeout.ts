// Integration tests drive real PostgreSQL, real agent CLIs and real processes
// on two shared cores: a test of several such steps can outlast Jest's 5 s
// default on a loaded machine without anything being wrong (seen on a machine
// running its CLIs 2× slower than usual). Files that need longer set their own.
jest.setTimeout(30_000);

// Pre-started agents (server/runner/warm/prestart-pool.ts) start an agent in
// the background after each new run of a project: in tests that is CPU taken
// from the next test's agents and processes no test asked for. Off unless a
// test turns them on (its runner's `warm: { prestart: true }`).
process.env.ARBOR_PRESTART ??= "0";
