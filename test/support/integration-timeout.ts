// Integration tests drive real PostgreSQL, real agent CLIs and real processes
// on two shared cores: a test of several such steps can outlast Jest's 5 s
// default on a loaded machine without anything being wrong (seen on a machine
// running its CLIs 2× slower than usual). Files that need longer set their own.
jest.setTimeout(30_000);
