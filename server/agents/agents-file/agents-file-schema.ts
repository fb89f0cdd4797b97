import { z } from "zod";

// The agents file (arbor.agents.json, or ARBOR_AGENTS_FILE): the registry as
// data a person can change. Each entry under "agents" either overrides a
// built-in agent (its id is a built-in's) or adds a custom one:
//
//   { "agents": {
//       "codex":  { "binary": "/opt/codex/bin/codex", "args": ["-m", "gpt-5.5"], "env": { "OPENAI_API_KEY": "…" } },
//       "claude": { "home": "isolated" | "inherit" },
//       "my-agent": {
//         "binary": "my-agent", "stream": "claude", "sessions": "by-id",
//         "args": { "new": ["-p", "--session-id", "{session_id}", "--prompt={prompt}"], … } } } }
//
// Argv templates are lists of elements: a slot fills a whole element
// ("{prompt}") or the value of one option ("--prompt={prompt}"), so a prompt
// or id is always exactly one argv element and never shell text.

export const STREAM_FORMATS = ["claude", "codex", "gemini", "opencode", "qwen", "copilot", "text"] as const;
export type StreamFormat = (typeof STREAM_FORMATS)[number];

const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
export const AGENT_ID = /^[a-z][a-z0-9-]{0,39}$/;
/** "{prompt}", "{session_id}", or "--option={prompt}" / "--option={session_id}". */
const SLOT_ELEMENT = /^(?:--?[A-Za-z][\w-]*=)?\{(prompt|session_id)\}$/;
const ANY_SLOT = /\{[^{}]*\}/;

const envMap = z.record(z.string().regex(ENV_NAME, "must be an environment variable name"), z.string().max(100_000));
const template = z.array(z.string().max(100_000)).max(200);

export const builtInOverrideSchema = z.strictObject({
  /** The program to run instead of the default (a path, or a name on PATH); the agent's *_BIN variable still wins. */
  binary: z.string().trim().min(1).optional(),
  /** Options added to the agent's own; an option given here replaces the driver's default for it. */
  args: z.array(z.string().max(10_000)).max(200).optional(),
  /** Added to the agent's environment (after Arbor's own settings, so these win). */
  env: envMap.optional(),
  /** "isolated" (default): the agent's own config home under Arbor's data dir; "inherit": whatever the environment says (~). */
  home: z.enum(["isolated", "inherit"]).optional(),
});
export type BuiltInOverride = z.infer<typeof builtInOverrideSchema>;

export const customAgentSchema = z
  .strictObject({
    displayName: z.string().trim().min(1).max(80).optional(),
    binary: z.string().trim().min(1),
    /** Which built-in parser reads its stdout ("text": every line is plain text). */
    stream: z.enum(STREAM_FORMATS).default("text"),
    /** by-id (strategy A), latest-in-home (strategy B) or none. */
    sessions: z.enum(["by-id", "latest-in-home", "none"]).default("none"),
    args: z.strictObject({
      /** A new session (the agent names it). */
      new: template,
      /** A new session named by Arbor: has {session_id}. */
      newWithId: template.optional(),
      /** by-id: resume {session_id}; latest-in-home: continue the latest (no slot). */
      continue: template.optional(),
      /** by-id only: fork {session_id} into a session the agent names. */
      fork: template.optional(),
    }),
    /** "stdin": the prompt is written to stdin (then closed) instead of filling a {prompt} slot. */
    promptInput: z.enum(["argv", "stdin"]).default("argv"),
    env: envMap.optional(),
    /** Environment variables pointed at the agent's isolated home (required for latest-in-home). */
    home: z.strictObject({ env: z.array(z.string().regex(ENV_NAME, "must be an environment variable name")).min(1).max(20) }).optional(),
  })
  .superRefine((agent, ctx) => {
    const problem = (path: Array<string | number>, message: string) => ctx.addIssue({ code: "custom", path, message });
    const templates = Object.entries(agent.args).filter((entry): entry is [string, string[]] => Array.isArray(entry[1]));
    for (const [name, elements] of templates) {
      elements.forEach((element, index) => {
        if (ANY_SLOT.test(element) && !SLOT_ELEMENT.test(element)) {
          problem(["args", name, index], 'a slot must be a whole element ("{prompt}", "{session_id}") or an option\'s value ("--prompt={prompt}")');
        }
      });
      const slots = (slot: string) => elements.filter((element) => element.endsWith(`{${slot}}`)).length;
      if (agent.promptInput === "argv" && slots("prompt") !== 1) problem(["args", name], "must contain {prompt} exactly once");
      if (agent.promptInput === "stdin" && slots("prompt") !== 0) problem(["args", name], "must not contain {prompt} (promptInput is stdin)");
      const wantsId = name === "newWithId" || name === "fork" || (name === "continue" && agent.sessions === "by-id");
      if (wantsId && slots("session_id") !== 1) problem(["args", name], "must contain {session_id} exactly once");
      if (!wantsId && slots("session_id") !== 0) problem(["args", name], "must not contain {session_id}");
    }
    if (agent.sessions === "none") {
      for (const name of ["newWithId", "continue", "fork"] as const)
        if (agent.args[name]) problem(["args", name], 'an agent with sessions "none" cannot continue or fork');
    }
    if (agent.sessions === "by-id") {
      if (agent.stream === "text") problem(["stream"], 'sessions "by-id" needs a stream that reports session ids (not "text")');
      if (!agent.args.continue) problem(["args", "continue"], 'required for sessions "by-id"');
    }
    if (agent.sessions === "latest-in-home") {
      if (!agent.home) problem(["home"], 'required for sessions "latest-in-home": the variables that point the agent at its per-session home');
      if (!agent.args.continue) problem(["args", "continue"], 'required for sessions "latest-in-home" (the continue-latest options)');
      if (agent.args.fork) problem(["args", "fork"], 'sessions "latest-in-home" cannot fork');
      if (agent.args.newWithId) problem(["args", "newWithId"], 'not used with sessions "latest-in-home" (Arbor names the session by its home)');
    }
  });
export type CustomAgentSpec = z.infer<typeof customAgentSchema>;

export const agentsFileSchema = z.strictObject({ agents: z.record(z.string(), z.unknown()) });

/** "agents.my-agent.args.continue[2]: must …" */
export function issueText(prefix: string, issue: z.core.$ZodIssue): string {
  const where = issue.path.reduce<string>((text, part) => (typeof part === "number" ? `${text}[${part}]` : `${text}.${String(part)}`), prefix);
  return `${where}: ${issue.message}`;
}
