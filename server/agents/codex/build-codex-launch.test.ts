import fc from "fast-check";
import { buildCodexLaunch, DEFAULT_CODEX_SANDBOX } from "@/server/agents/codex/build-codex-launch";
import { recordedCapabilities, recordedContext, withoutFlags } from "@/test/support/cli-capabilities";

const BIN = "/opt/codex/bin/codex";
const T = "01a205f0-fb95-7793-b8ac-c75449ab74cb";
const capabilities = recordedCapabilities(BIN, "0.169.0", {
  exec: "codex/__fixtures__/help-exec-0.169.0.txt",
  "exec resume": "codex/__fixtures__/help-exec-resume-0.169.0.txt",
  "exec fork": "codex/__fixtures__/help-exec-fork-0.169.0.txt",
});
const context = (overrides = {}) => recordedContext(capabilities, overrides);
const BASE = [BIN, "exec", "--json", "--skip-git-repo-check", "-s", DEFAULT_CODEX_SANDBOX];

describe("buildCodexLaunch", () => {
  it("starts a new thread; Codex names it", () => {
    expect(buildCodexLaunch({ mode: { kind: "new" }, prompt: "fix it" }, context())).toEqual({
      ok: true,
      argv: [...BASE, "--", "fix it"],
      env: {},
      expectedSessionId: null,
    });
  });

  it("resumes and forks by thread id, with exec's options before the subcommand", () => {
    expect(buildCodexLaunch({ mode: { kind: "continue", sessionId: T }, prompt: "more" }, context())).toMatchObject({
      ok: true,
      argv: [...BASE, "resume", T, "--", "more"],
      expectedSessionId: T,
    });
    expect(buildCodexLaunch({ mode: { kind: "fork", fromSessionId: T }, prompt: "other way" }, context())).toMatchObject({
      ok: true,
      argv: [...BASE, "fork", T, "--", "other way"],
      expectedSessionId: null,
    });
    expect(buildCodexLaunch({ mode: { kind: "continue-latest" }, prompt: "go on" }, context())).toMatchObject({
      ok: true,
      argv: [...BASE, "resume", "--last", "--", "go on"],
    });
  });

  it("refuses what Codex cannot do: name a thread, fork at a message", () => {
    for (const mode of [
      { kind: "new" as const, sessionId: T },
      { kind: "fork" as const, fromSessionId: T, newSessionId: T },
      { kind: "fork" as const, fromSessionId: T, atMessageId: T },
    ]) {
      expect(buildCodexLaunch({ mode, prompt: "x" }, context())).toMatchObject({ ok: false, code: "agent_unsupported" });
    }
  });

  it("only passes UUIDs: a name matching no thread would silently start a new one", () => {
    for (const id of ["my-thread", "--last", "-x"]) {
      expect(buildCodexLaunch({ mode: { kind: "continue", sessionId: id }, prompt: "x" }, context())).toMatchObject({ ok: false, code: "invalid_launch" });
    }
  });

  it("points Codex at ARBOR_CODEX_BASE_URL through a custom Responses-API provider", () => {
    const plan = buildCodexLaunch({ mode: { kind: "new" }, prompt: "hi" }, context({ env: { ARBOR_CODEX_BASE_URL: "http://127.0.0.1:9/v1" } }));
    expect(plan).toMatchObject({ ok: true });
    const argv = plan.ok ? plan.argv : [];
    expect(argv).toEqual(
      expect.arrayContaining([
        "-c",
        'model_provider="arbor"',
        'model_providers.arbor.base_url="http://127.0.0.1:9/v1"',
        'model_providers.arbor.wire_api="responses"',
        'model_providers.arbor.env_key="OPENAI_API_KEY"',
      ]),
    );
    expect(argv.slice(-2)).toEqual(["--", "hi"]);
  });

  it("lets the agents file's options replace its defaults", () => {
    const plan = buildCodexLaunch({ mode: { kind: "new" }, prompt: "p" }, context({ extraArgs: ["-m", "gpt-5.5", "--sandbox", "read-only"] }));
    expect(plan).toMatchObject({ ok: true, argv: [BIN, "exec", "--json", "--skip-git-repo-check", "-m", "gpt-5.5", "--sandbox", "read-only", "--", "p"] });
    expect(buildCodexLaunch({ mode: { kind: "new" }, prompt: "p" }, context({ extraArgs: ["--no-such-flag"] }))).toMatchObject({
      ok: false,
      code: "agent_misconfigured",
      message: expect.stringContaining("--no-such-flag"),
    });
  });

  describe("the person's model (issue 26)", () => {
    const MODEL = ["--model", "gpt-5.5"];
    it.each([
      ["a new thread", { kind: "new" as const }, []],
      ["a resume", { kind: "continue" as const, sessionId: T }, ["resume", T]],
      ["resume --last", { kind: "continue-latest" as const }, ["resume", "--last"]],
      ["a fork", { kind: "fork" as const, fromSessionId: T }, ["fork", T]],
    ])("%s: exec's --model <model>, before the subcommand (it applies to it)", (_name, mode, subcommand) => {
      expect(buildCodexLaunch({ mode, prompt: "p", model: "gpt-5.5" }, context())).toMatchObject({
        ok: true,
        argv: [...BASE, ...MODEL, ...subcommand, "--", "p"],
      });
      expect(buildCodexLaunch({ mode, prompt: "p" }, context())).toMatchObject({ ok: true, argv: [...BASE, ...subcommand, "--", "p"] });
    });

    it("replaces the agents file's -m/--model (Codex refuses the option twice) and keeps its other options", () => {
      for (const extraArgs of [
        ["-m", "o3", "--sandbox", "read-only"],
        ["--model=o3", "--sandbox", "read-only"],
      ]) {
        expect(buildCodexLaunch({ mode: { kind: "new" }, prompt: "p", model: "gpt-5.4" }, context({ extraArgs }))).toMatchObject({
          ok: true,
          argv: [BIN, "exec", "--json", "--skip-git-repo-check", "--model", "gpt-5.4", "--sandbox", "read-only", "--", "p"],
        });
      }
    });

    it("is refused by a Codex whose exec --help lacks --model, and when it is no model name", () => {
      expect(
        buildCodexLaunch({ mode: { kind: "new" }, prompt: "p", model: "gpt-5.5" }, context({ capabilities: withoutFlags(capabilities, "--model") })),
      ).toEqual({
        ok: false,
        code: "agent_unsupported",
        message: "This Codex cannot choose a model: its `exec` --help does not list --model",
        missingFlags: ["--model"],
      });
      expect(buildCodexLaunch({ mode: { kind: "new" }, prompt: "p", model: "-c" }, context())).toMatchObject({ ok: false, code: "invalid_launch" });
    });
  });

  it("never sends a flag the probe did not find", () => {
    expect(buildCodexLaunch({ mode: { kind: "new" }, prompt: "x" }, context({ capabilities: withoutFlags(capabilities, "--json") }))).toMatchObject({
      ok: false,
      code: "agent_unsupported",
      missingFlags: ["--json"],
    });
    const noFork = { ...capabilities, commands: new Map([...capabilities.commands!].filter(([name]) => name !== "exec fork")) };
    expect(buildCodexLaunch({ mode: { kind: "fork", fromSessionId: T }, prompt: "x" }, context({ capabilities: noFork }))).toMatchObject({
      ok: false,
      code: "agent_unsupported",
    });
    expect(buildCodexLaunch({ mode: { kind: "new" }, prompt: "x" }, context({ capabilities: null }))).toMatchObject({ ok: false, code: "agent_unsupported" });
  });

  it("passes any prompt as the one element after -- (property)", () => {
    fc.assert(
      fc.property(fc.string(), (prompt) => {
        const plan = buildCodexLaunch({ mode: { kind: "continue", sessionId: T }, prompt }, context());
        if (!plan.ok) throw new Error(plan.message);
        expect(plan.argv.slice(-2)).toEqual(["--", prompt]);
        expect(plan.argv.indexOf("--")).toBe(plan.argv.length - 2);
      }),
    );
  });
});
