// Jest transformer: TypeScript/TSX/ESM → CommonJS with esbuild (already the
// engine behind tsx). Prisma 7's generated client (TS with .ts imports) and
// ESM-only packages (react-markdown, d3-*) go through it too. We use esbuild
// rather than @swc/jest because the npm registry these machines reach lacks
// some of @swc/core's platform packages, which makes `npm ci` refuse the lock.
const { createHash } = require("node:crypto");
const { transformSync, version } = require("esbuild");

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
      logLevel: "silent",
    });
    return { code: result.code };
  },
  getCacheKey(source, filename, options) {
    return createHash("sha256").update(version).update("\0").update(filename).update("\0").update(source).update(String(options?.instrument)).digest("hex");
  },
};
