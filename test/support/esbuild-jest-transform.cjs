// Jest transformer: TypeScript/TSX/ESM → CommonJS with esbuild (already the
// engine behind tsx). Prisma 7's generated client (TS with .ts imports) and
// ESM-only packages (react-markdown, d3-*) go through it too. We use esbuild
// rather than @swc/jest because the npm registry these machines reach lacks
// some of @swc/core's platform packages, which makes `npm ci` refuse the lock.
const { createHash } = require("node:crypto");
const { readFileSync } = require("node:fs");
const { transformSync, version } = require("esbuild");

// Part of the cache key: changing the options below must not serve stale output.
const self = readFileSync(__filename);

function loaderFor(filename) {
  if (filename.endsWith(".tsx")) return "tsx";
  if (filename.endsWith(".ts") || filename.endsWith(".mts") || filename.endsWith(".cts")) return "ts";
  if (filename.endsWith(".jsx")) return "jsx";
  return "js";
}

module.exports = {
  process(source, filename) {
    const result = transformSync(source, {
      loader: loaderFor(filename),
      format: "cjs",
      target: "node20",
      jsx: "automatic",
      sourcefile: filename,
      sourcemap: "inline",
      // import.meta has no CommonJS meaning; the few packages that touch it only read .url.
      define: { "import.meta.url": "__filename" },
      // import() → require(): Jest runs CommonJS without --experimental-vm-modules,
      // and Prisma's generated client loads its query compiler with import().
      supported: { "dynamic-import": false },
      logLevel: "silent",
    });
    return { code: result.code };
  },
  getCacheKey(source, filename, options) {
    return createHash("sha256")
      .update(version)
      .update("\0")
      .update(self)
      .update("\0")
      .update(filename)
      .update("\0")
      .update(source)
      .update(String(options?.instrument))
      .digest("hex");
  },
};
