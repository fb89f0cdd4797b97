import { NUL_MESSAGE, text } from "@/lib/schemas/text";

describe("text()", () => {
  it("refuses NUL (which PostgreSQL cannot store) and keeps string methods chainable", () => {
    const title = text({ error: "Title must be text" }).trim().min(1, "Title is required");
    expect(title.parse("  ok ")).toBe("ok");
    const refused = title.safeParse("a\u0000b");
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((i) => i.message)).toEqual([NUL_MESSAGE]);
    expect(title.safeParse(3).error?.issues[0].message).toBe("Title must be text");
  });
});

describe("request schemas", () => {
  // Every string a request carries is declared with text(): a z.string()
  // anywhere else among request schemas (lib/, wherever its schemas live, the
  // routes' own query schemas, server code that validates requests) would let
  // NUL through to PostgreSQL. The environment and agents-file schemas are not requests, and
  // neither are the response schemas, which sit below a "---- Responses"
  // marker in each lib/<domain>/schema.ts, or in files of their own that
  // start with it (lib/executions/execution-schema.ts, …): they describe what
  // the API returns.
  it("declare text fields only with text()", () => {
    const { execFileSync } = jest.requireActual<typeof import("node:child_process")>("node:child_process");
    const { readFileSync } = jest.requireActual<typeof import("node:fs")>("node:fs");
    const root = `${__dirname}/../..`;
    const files = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard", "lib", "app", "server"], { cwd: root, encoding: "utf8" })
      .split("\n")
      .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.startsWith("server/generated/"))
      .filter((file) => !["lib/schemas/text.ts", "server/config/load-config.ts", "server/agents/agents-file/agents-file-schema.ts"].includes(file));
    const offenders = files.filter((file) => {
      try {
        const requests = readFileSync(`${root}/${file}`, "utf8").split(/\/\/ -+ Responses -+/)[0];
        return /\bz\s*\.\s*string\s*\(/.test(requests);
      } catch {
        return false; // listed but deleted in the working tree
      }
    });
    expect(offenders).toEqual([]);
  });
});
