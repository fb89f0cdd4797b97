import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import fc from "fast-check";
import { buildGeminiLaunch, DEFAULT_GEMINI_APPROVAL_MODE } from "@/server/agents/gemini/build-gemini-launch";
import { locateGeminiSession } from "@/server/agents/gemini/locate-gemini-session";
import { recordedCapabilities, recordedContext, withoutFlags } from "@/test/support/cli-capabilities";

const BIN = "/opt/gemini/bin/gemini";
const A = "11111111-1111-4111-8111-111111111111";
const capabilities = recordedCapabilities(BIN, "0.61.0", { "": "gemini/__fixtures__/help-0.61.0.txt" });
const context = (overrides = {}) => recordedContext(capabilities, overrides);
const BASE = [BIN, "-o", "stream-json", "--skip-trust", "--approval-mode", DEFAULT_GEMINI_APPROVAL_MODE];

describe("buildGeminiLaunch", () => {
  it("names a new session, resumes one, continues the latest", () => {
    expect(buildGeminiLaunch({ mode: { kind: "new", sessionId: A }, prompt: "hi" }, context())).toEqual({
      ok: true,
      argv: [...BASE, "--session-id", A, "--prompt=hi"],
      env: {},
      expectedSessionId: A,
    });
    expect(buildGeminiLaunch({ mode: { kind: "continue", sessionId: A }, prompt: "more" }, context())).toMatchObject({
      argv: [...BASE, "--resume", A, "--prompt=more"],
      expectedSessionId: A,
    });
    expect(buildGeminiLaunch({ mode: { kind: "continue-latest" }, prompt: "x" }, context())).toMatchObject({
      argv: [...BASE, "--resume", "latest", "--prompt=x"],
      expectedSessionId: null,
    });
  });

  it("forks by importing the source's transcript under a new id", () => {
    const file = "/home/g/.gemini/tmp/ws/chats/session-2026-11-23T01-08-11111111.jsonl";
    expect(buildGeminiLaunch({ mode: { kind: "fork", fromSessionId: A }, prompt: "b" }, context({ forkSourceFile: file }))).toMatchObject({
      ok: true,
      argv: [...BASE, "--session-file", file, "--prompt=b"],
      expectedSessionId: null,
    });
    expect(buildGeminiLaunch({ mode: { kind: "fork", fromSessionId: A }, prompt: "b" }, context())).toMatchObject({ ok: false, code: "session_not_found" });
    expect(buildGeminiLaunch({ mode: { kind: "fork", fromSessionId: A, newSessionId: A }, prompt: "b" }, context({ forkSourceFile: file }))).toMatchObject({
      ok: false,
      code: "agent_unsupported",
    });
  });

  it("keeps the prompt glued to --prompt, so it can never be read as an option (property)", () => {
    fc.assert(
      fc.property(fc.string(), (prompt) => {
        const plan = buildGeminiLaunch({ mode: { kind: "new" }, prompt }, context());
        if (!plan.ok) throw new Error(plan.message);
        expect(plan.argv.at(-1)).toBe(`--prompt=${prompt}`);
        expect(plan.argv.slice(0, -1)).toEqual(BASE);
      }),
    );
  });

  it("takes the agents file's approval mode instead of its own, and refuses unknown options", () => {
    expect(buildGeminiLaunch({ mode: { kind: "new" }, prompt: "p" }, context({ extraArgs: ["--yolo"] }))).toMatchObject({
      argv: [BIN, "-o", "stream-json", "--skip-trust", "--yolo", "--prompt=p"],
    });
    expect(buildGeminiLaunch({ mode: { kind: "new" }, prompt: "p" }, context({ extraArgs: ["--turbo"] }))).toMatchObject({
      ok: false,
      code: "agent_misconfigured",
    });
  });

  it.each([
    ["a new session", { kind: "new" as const, sessionId: A }, ["--session-id", A]],
    ["a resume", { kind: "continue" as const, sessionId: A }, ["--resume", A]],
    ["--resume latest", { kind: "continue-latest" as const }, ["--resume", "latest"]],
    ["a fork (import)", { kind: "fork" as const, fromSessionId: A }, ["--session-file", "/g/chats/s.jsonl"]],
  ])("passes the person's model as --model <model> for %s (issue 26)", (_name, mode, session) => {
    const ctx = context({ forkSourceFile: "/g/chats/s.jsonl" });
    expect(buildGeminiLaunch({ mode, prompt: "p", model: "gemini-2.5-pro" }, ctx)).toMatchObject({
      ok: true,
      argv: [...BASE, "--model", "gemini-2.5-pro", ...session, "--prompt=p"],
    });
    expect(buildGeminiLaunch({ mode, prompt: "p" }, ctx)).toMatchObject({ ok: true, argv: [...BASE, ...session, "--prompt=p"] });
  });

  it("puts the person's model in place of the agents file's -m, and refuses it on a Gemini CLI without --model", () => {
    expect(
      buildGeminiLaunch({ mode: { kind: "new" }, prompt: "p", model: "gemini-2.5-pro" }, context({ extraArgs: ["-m", "gemini-2.5-flash", "--yolo"] })),
    ).toMatchObject({
      ok: true,
      argv: [BIN, "-o", "stream-json", "--skip-trust", "--model", "gemini-2.5-pro", "--yolo", "--prompt=p"],
    });
    expect(
      buildGeminiLaunch({ mode: { kind: "new" }, prompt: "p", model: "gemini-2.5-pro" }, context({ capabilities: withoutFlags(capabilities, "--model") })),
    ).toEqual({
      ok: false,
      code: "agent_unsupported",
      message: "This Gemini CLI cannot choose a model: its --help does not list --model",
      missingFlags: ["--model"],
    });
  });

  it("rejects ids that are not UUIDs and flags the probe lacks", () => {
    expect(buildGeminiLaunch({ mode: { kind: "continue", sessionId: "latest" }, prompt: "x" }, context())).toMatchObject({ ok: false, code: "invalid_launch" });
    expect(
      buildGeminiLaunch({ mode: { kind: "new", sessionId: A }, prompt: "x" }, context({ capabilities: withoutFlags(capabilities, "--session-id") })),
    ).toMatchObject({
      ok: false,
      missingFlags: ["--session-id"],
    });
  });
});

describe("locateGeminiSession", () => {
  it("finds a session's transcript by its header, in any project folder", async () => {
    const home = fs.mkdtempSync(path.join(os.tmpdir(), "gemini-home-"));
    try {
      const chats = path.join(home, ".gemini", "tmp", "ws", "chats");
      fs.mkdirSync(chats, { recursive: true });
      const file = path.join(chats, `session-2026-11-23T01-08-${A.slice(0, 8)}.jsonl`);
      fs.writeFileSync(file, `${JSON.stringify({ sessionId: A, kind: "main" })}\n{"$set":{}}\n`);
      // Same first 8 characters, another session: the header decides.
      fs.writeFileSync(
        path.join(chats, `session-2026-11-23T01-09-${A.slice(0, 8)}.jsonl`),
        `${JSON.stringify({ sessionId: "11111111-0000-4000-8000-000000000000" })}\n`,
      );
      expect(await locateGeminiSession(A, { homeDir: home })).toBe(file);
      expect(await locateGeminiSession("22222222-2222-4222-8222-222222222222", { homeDir: home })).toBeNull();
      expect(await locateGeminiSession(A, { homeDir: path.join(home, "nowhere") })).toBeNull();
      // A Continue started in a later minute leaves a header-only chat of the same session, before or after it in any listing.
      for (const minute of ["00", "59"]) {
        const headerOnly = path.join(chats, `session-2026-11-23T01-${minute}-${A.slice(0, 8)}.jsonl`);
        fs.writeFileSync(headerOnly, `${JSON.stringify({ sessionId: A, kind: "main" })}\n`);
        expect(await locateGeminiSession(A, { homeDir: home })).toBe(file);
        fs.rmSync(headerOnly);
      }
    } finally {
      fs.rmSync(home, { recursive: true, force: true });
    }
  });
});
