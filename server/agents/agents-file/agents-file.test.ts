import { parseAgentsFile } from "@/server/agents/agents-file/load-agents-file";

const BUILT_INS = new Set(["claude", "codex", "gemini", "command"]);
const parse = (value: unknown) => parseAgentsFile(typeof value === "string" ? value : JSON.stringify(value), "arbor.agents.json", BUILT_INS);
const K = "11111111-1111-4111-8111-111111111111";

const echoAgent = {
  binary: "/usr/bin/my-agent",
  stream: "claude",
  sessions: "by-id",
  args: {
    new: ["-p", "--output-format", "stream-json", "--prompt={prompt}"],
    newWithId: ["-p", "--session-id", "{session_id}", "--prompt={prompt}"],
    continue: ["-p", "--resume", "{session_id}", "--", "{prompt}"],
    fork: ["-p", "--resume", "{session_id}", "--fork-session", "--prompt={prompt}"],
  },
};

describe("agents file", () => {
  it("reads overrides of built-ins and custom agents", () => {
    const file = parse({
      agents: { codex: { binary: "/opt/codex", args: ["-m", "gpt-5.5"], env: { OPENAI_API_KEY: "k" }, home: "inherit" }, mine: echoAgent },
    });
    expect(file.warnings).toEqual([]);
    expect(file.overrides.get("codex")).toEqual({ binary: "/opt/codex", args: ["-m", "gpt-5.5"], env: { OPENAI_API_KEY: "k" }, home: "inherit" });
    expect(file.custom.map((agent) => [agent.id, agent.sessionCapabilities])).toEqual([["mine", ["resume-by-id", "assign-id-at-launch", "fork"]]]);
  });

  it("names the field of every problem, skips only the broken entry", () => {
    const file = parse({
      agents: {
        codex: { bianry: "/opt/codex" },
        gemini: { args: "--yolo" },
        "Bad Id": echoAgent,
        glued: { ...echoAgent, args: { ...echoAgent.args, new: ["-p", "say {prompt} now"] } },
        texty: { ...echoAgent, stream: "text" },
        homeless: { binary: "x", sessions: "latest-in-home", args: { new: ["{prompt}"], continue: ["--continue", "{prompt}"] } },
        noslot: { binary: "x", args: { new: ["--go"] } },
        fine: { binary: "x", args: { new: ["{prompt}"] } },
      },
    });
    expect(file.warnings).toEqual([
      expect.stringMatching(/^Agents file arbor\.agents\.json: agents\.codex: Unrecognized key.*bianry.*\(override ignored\)$/),
      expect.stringMatching(/^Agents file arbor\.agents\.json: agents\.gemini\.args: .*array.*\(override ignored\)$/),
      expect.stringContaining("agents.Bad Id: an agent id is lower-case letters"),
      expect.stringContaining('agents.glued.args.new[1]: a slot must be a whole element ("{prompt}", "{session_id}") or an option\'s value'),
      expect.stringContaining("agents.glued.args.new: must contain {prompt} exactly once"),
      expect.stringContaining('agents.texty.stream: sessions "by-id" needs a stream that reports session ids'),
      expect.stringContaining('agents.homeless.home: required for sessions "latest-in-home"'),
      expect.stringContaining("agents.noslot.args.new: must contain {prompt} exactly once"),
    ]);
    expect(file.overrides.size).toBe(0);
    expect(file.custom.map((agent) => agent.id)).toEqual(["fine"]);
  });

  it("turns a file that is not JSON, or not shaped like one, into warnings and no entries", () => {
    expect(parse("{ agents: ").warnings).toEqual([expect.stringMatching(/not valid JSON.*only the built-in agents are available/)]);
    expect(parse({ agent: {} }).warnings).toEqual([
      expect.stringMatching(/^Agents file arbor\.agents\.json: agents: .*; only the built-in agents are available$/),
      expect.stringMatching(/Unrecognized key.*"agent"/),
    ]);
    expect(parse([])).toMatchObject({ custom: [], overrides: new Map() });
  });
});

describe("custom agents", () => {
  const [mine] = parse({ agents: { mine: echoAgent } }).custom;
  const context = { binaryPath: "/usr/bin/my-agent", capabilities: null, env: {} };

  it("fills each slot with exactly one argv element", () => {
    expect(mine.buildLaunch({ mode: { kind: "new", sessionId: K }, prompt: "-x a {prompt} b" }, context)).toEqual({
      ok: true,
      argv: ["/usr/bin/my-agent", "-p", "--session-id", K, "--prompt=-x a {prompt} b"],
      env: {},
      expectedSessionId: K,
    });
    expect(mine.buildLaunch({ mode: { kind: "continue", sessionId: K }, prompt: "p" }, context)).toMatchObject({
      argv: ["/usr/bin/my-agent", "-p", "--resume", K, "--", "p"],
      expectedSessionId: K,
    });
    expect(mine.buildLaunch({ mode: { kind: "fork", fromSessionId: K }, prompt: "p" }, context)).toMatchObject({
      argv: ["/usr/bin/my-agent", "-p", "--resume", K, "--fork-session", "--prompt=p"],
      expectedSessionId: null,
    });
    expect(mine.buildLaunch({ mode: { kind: "continue", sessionId: "--evil" }, prompt: "p" }, context)).toMatchObject({ ok: false, code: "invalid_launch" });
    // Its templates have no model slot (it has no AgentDefinition.model): a model is never dropped silently.
    expect(mine.model).toBeUndefined();
    expect(mine.buildLaunch({ mode: { kind: "new", sessionId: K }, prompt: "p", model: "gpt-5.5" }, context)).toMatchObject({
      ok: false,
      code: "agent_unsupported",
    });
  });

  it("reads its stream with the built-in parser it names", () => {
    expect(mine.parseLine('{"type":"system","subtype":"init","session_id":"abc"}').signals).toEqual({ sessionId: "abc" });
    expect(mine.verification).toEqual({ status: "not-verified", reason: "a custom agent from arbor.agents.json" });
  });

  it("strategy B: Arbor's key names the session, stdin carries the prompt, ids the CLI prints are ignored", () => {
    const [latest] = parse({
      agents: {
        latest: {
          binary: "qwen",
          stream: "qwen",
          sessions: "latest-in-home",
          promptInput: "stdin",
          home: { env: ["QWEN_HOME"] },
          args: { new: ["--output-format", "stream-json"], continue: ["--output-format", "stream-json", "--continue"] },
        },
      },
    }).custom;
    expect(latest.sessionCapabilities).toEqual(["assign-id-at-launch", "resume-by-id"]);
    expect(latest.home?.scope).toBe("session");
    expect(latest.home?.env("/h/s")).toEqual({ QWEN_HOME: "/h/s" });
    expect(latest.buildLaunch({ mode: { kind: "continue", sessionId: K }, prompt: "more" }, { ...context, homeDir: "/h/s" })).toEqual({
      ok: true,
      argv: ["/usr/bin/my-agent", "--output-format", "stream-json", "--continue"],
      env: {},
      expectedSessionId: null,
      stdin: "more",
      arborSessionId: K,
    });
    expect(latest.buildLaunch({ mode: { kind: "new" }, prompt: "p" }, { ...context, homeDir: "/h/s" })).toMatchObject({ ok: false, code: "invalid_launch" });
    expect(latest.parseLine('{"type":"system","subtype":"init","session_id":"qwen-own-id"}').signals).toEqual({});
  });
});
