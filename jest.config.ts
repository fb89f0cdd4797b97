/** @jest-config-loader esbuild-register */
import type { Config } from "jest";

// esbuild compiles TS/TSX (including Prisma 7's generated TS client, which
// imports with .ts extensions) and ESM-only packages to CommonJS, so Jest
// needs no ESM mode. See test/support/esbuild-jest-transform.cjs.
const transformer = "<rootDir>/test/support/esbuild-jest-transform.cjs";

const shared = {
  transform: { "^.+\\.(t|j)sx?$": transformer, "^.+\\.m(t|j)s$": transformer },
  // ESM-only packages from node_modules that must be compiled for Jest.
  transformIgnorePatterns: [
    "/node_modules/(?!(react-markdown|remark-.*|rehype-.*|unified|bail|is-plain-obj|trough|vfile.*|unist-.*|mdast-.*|micromark.*|decode-named-character-reference|character-entities.*|property-information|hast-.*|space-separated-tokens|comma-separated-tokens|zwitch|html-url-attributes|devlop|ccount|escape-string-regexp|markdown-table|longest-streak|trim-lines|estree-util-.*|hastscript|web-namespaces|html-void-elements|stringify-entities|d3-.*|internmap)/)",
  ],
  moduleNameMapper: {
    "^@/(.*)$": "<rootDir>/$1",
    "^server-only$": "<rootDir>/test/support/empty-module.js",
  },
  moduleFileExtensions: ["ts", "tsx", "js", "mjs", "cjs", "json"],
};

const config: Config = {
  projects: [
    {
      ...shared,
      displayName: "unit",
      testEnvironment: "node",
      testMatch: ["<rootDir>/**/*.test.ts"],
      testPathIgnorePatterns: ["/node_modules/", "<rootDir>/test/integration/", "<rootDir>/test/e2e/", "<rootDir>/.arbor"],
    },
    {
      ...shared,
      displayName: "components",
      testEnvironment: "jsdom",
      testMatch: ["<rootDir>/**/*.test.tsx"],
      testPathIgnorePatterns: ["/node_modules/", "<rootDir>/test/integration/", "<rootDir>/test/e2e/", "<rootDir>/.arbor"],
      setupFilesAfterEnv: ["<rootDir>/test/support/jest-dom.ts"],
    },
    {
      ...shared,
      displayName: "integration",
      testEnvironment: "<rootDir>/test/support/worker-test-environment.ts",
      globalSetup: "<rootDir>/test/support/global-setup-db.ts",
      setupFilesAfterEnv: ["<rootDir>/test/support/integration-timeout.ts"],
      testMatch: ["<rootDir>/test/integration/**/*.test.ts"],
    },
    {
      ...shared,
      displayName: "e2e",
      testEnvironment: "<rootDir>/test/support/worker-test-environment.ts",
      globalSetup: "<rootDir>/test/support/global-setup-db.ts",
      testMatch: ["<rootDir>/test/e2e/**/*.test.ts"],
    },
  ],
};

export default config;
