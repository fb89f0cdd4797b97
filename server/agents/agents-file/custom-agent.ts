import type { AgentDefinition, LaunchContext, LaunchRequest, LaunchResult, LineParser, SessionCapability } from "@/server/agents/types";
import type { CustomAgentSpec } from "@/server/agents/agents-file/agents-file-schema";
import { STREAM_READERS } from "@/server/agents/agents-file/stream-formats";
import { invalidLaunch, unsupported, UUID } from "@/server/agents/launch-args";

// An agent defined in the agents file: its argv comes from the templates, its
// stream is read by one of the built-in parsers. Arbor cannot know a custom
// CLI's options, so it does not probe it: the templates are the operator's word.

/** Ids a custom CLI may report or be given: never empty, never option-like, never shell text. */
const SAFE_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,199}$/;

export function customAgent(id: string, spec: CustomAgentSpec, source: string): AgentDefinition {
  const reader = STREAM_READERS[spec.stream];
  const latestInHome = spec.sessions === "latest-in-home";
  // Strategy B: the session is Arbor's key; ids the CLI prints name nothing Arbor resumes.
  const withoutIds =
    (parse: LineParser): LineParser =>
    (line, options) => {
      const parsed = parse(line, options);
      if (!parsed.signals.sessionId) return parsed;
      const { sessionId: _dropped, ...signals } = parsed.signals;
      return { ...parsed, signals };
    };
  const parseLine = latestInHome ? withoutIds(reader.parseLine) : reader.parseLine;
  const createLineParser = reader.createLineParser
    ? latestInHome
      ? () => withoutIds(reader.createLineParser!())
      : () => reader.createLineParser!()
    : undefined;

  return {
    id,
    displayName: spec.displayName ?? id,
    binary: { envVar: `${id.toUpperCase().replace(/-/g, "_")}_BIN`, defaultCommand: spec.binary },
    sessionCapabilities: capabilitiesOf(spec),
    sessionStrategy: spec.sessions,
    transcriptRetentionDays: null,
    probesCli: false,
    ...(spec.home
      ? { home: { scope: latestInHome ? "session" : "agent", env: (dir: string) => Object.fromEntries(spec.home!.env.map((name) => [name, dir])) } }
      : {}),
    ...(reader.usageReporting ? { usageReporting: reader.usageReporting } : {}),
    ...(reader.reportsResult === false ? { reportsResult: false } : {}),
    ...(reader.readUsageFile ? { readUsageFile: reader.readUsageFile } : {}),
    buildLaunch: (request, context) => buildCustomLaunch(spec, request, context),
    parseLine,
    ...(createLineParser ? { createLineParser } : {}),
    classifyStderr: reader.classifyStderr,
    normalize: reader.normalize,
    verification: { status: "not-verified", reason: `a custom agent from ${source}` },
  };
}

function capabilitiesOf(spec: CustomAgentSpec): SessionCapability[] {
  if (spec.sessions === "latest-in-home") return ["assign-id-at-launch", "resume-by-id"];
  if (spec.sessions === "none") return [];
  return ["resume-by-id", ...(spec.args.newWithId ? (["assign-id-at-launch"] as const) : []), ...(spec.args.fork ? (["fork"] as const) : [])];
}

function buildCustomLaunch(spec: CustomAgentSpec, request: LaunchRequest, context: LaunchContext): LaunchResult {
  // Its templates have no model slot (no AgentDefinition.model): a run naming one is refused up front; never drop it silently.
  if (request.model !== undefined) return unsupported(`${spec.displayName ?? "This agent"} takes no model: its arguments are the agents file's templates`);
  const mode = request.mode;
  const latestInHome = spec.sessions === "latest-in-home";
  let template: string[] | undefined;
  let sessionId: string | null = null;
  let expectedSessionId: string | null = null;
  switch (mode.kind) {
    case "new":
      if (latestInHome) {
        template = spec.args.new;
      } else if (mode.sessionId) {
        template = spec.args.newWithId;
        sessionId = expectedSessionId = mode.sessionId;
        if (!template) return unsupported(`${spec.displayName ?? "This agent"} has no "newWithId" arguments: it cannot be told a session id`);
      } else {
        template = spec.args.new;
      }
      break;
    case "continue":
      template = spec.args.continue;
      if (!latestInHome) sessionId = expectedSessionId = mode.sessionId;
      break;
    case "fork":
      if (mode.newSessionId || mode.atMessageId) return unsupported("A custom agent forks a whole session into one it names itself");
      template = spec.args.fork;
      sessionId = mode.fromSessionId;
      break;
    case "continue-latest":
      return unsupported("A custom agent continues sessions by id (or by its Arbor session's home)");
  }
  if (!template) return unsupported(`${spec.displayName ?? "This agent"} cannot ${mode.kind === "fork" ? "fork" : "continue"} sessions`);
  if (sessionId !== null && !SAFE_ID.test(sessionId)) return invalidLaunch(`The session id "${sessionId}" is not one Arbor passes to a program`);

  let arborSessionId: string | undefined;
  if (latestInHome) {
    const key = mode.kind === "new" || mode.kind === "continue" ? mode.sessionId : undefined;
    if (!key || !UUID.test(key)) return invalidLaunch("A latest-in-home agent needs the UUID of its Arbor session: it names the session's home");
    if (!context.homeDir) return invalidLaunch("A latest-in-home agent needs its session's home directory");
    arborSessionId = key;
  }
  const fill = (element: string) =>
    element.replace(/\{(prompt|session_id)\}$/, (_slot, name: string) => (name === "prompt" ? request.prompt : (sessionId ?? "")));
  return {
    ok: true,
    argv: [context.binaryPath, ...template.map(fill), ...(context.extraArgs ?? [])],
    env: { ...(spec.env ?? {}) },
    expectedSessionId,
    ...(spec.promptInput === "stdin" ? { stdin: request.prompt } : {}),
    ...(arborSessionId ? { arborSessionId } : {}),
  };
}
