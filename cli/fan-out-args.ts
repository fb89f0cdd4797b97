// `--agents claude,codex,gemini:gemini-2.5-pro` (a fan-out's members) and the
// `--agent`/`--model` flags beside it, checked before any request so a typo
// costs nothing: the server would start the valid members' agents otherwise
// only to refuse the whole group. Pure.

import { modelSchema } from "@/lib/executions/schema";
import { FAN_OUT_MAX, FAN_OUT_MIN } from "@/lib/groups/constants";

/** One member: an agent and, optionally, the model it runs with. */
export type FanOutRunArg = { agent: string; model?: string };

type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };
type Values = Record<string, string | boolean | string[] | undefined>;

// Agent ids are what the server and the agents file call them (claude, codex, my-agent): no ":" or "/",
// so the first ":" always ends the agent and everything after it is the model's, which may hold ":" and "/" itself.
const AGENT = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

const EXAMPLE = "e.g. --agents claude,codex,gemini:gemini-2.5-pro";

/** `claude,codex:gpt-5.5,opencode:anthropic/claude-sonnet-4-5` → its members, or what is wrong with it. */
export function parseAgentsOption(raw: string): Parsed<FanOutRunArg[]> {
  const fail = (message: string): Parsed<FanOutRunArg[]> => ({ ok: false, message });
  if (raw.trim() === "") return fail(`--agents needs a comma-separated list of agents (${EXAMPLE})`);
  const items = raw.split(",").map((item) => item.trim());
  const runs: FanOutRunArg[] = [];
  for (const [i, item] of items.entries()) {
    const which = `--agents: member ${i + 1}`;
    if (item === "") return fail(`${which} is empty (a stray comma?) — ${EXAMPLE}`);
    const colon = item.indexOf(":");
    const agent = colon < 0 ? item : item.slice(0, colon).trim();
    const model = colon < 0 ? undefined : item.slice(colon + 1).trim();
    if (agent === "") return fail(`${which} "${item}" names no agent before ":" (agent[:model], ${EXAMPLE})`);
    if (!AGENT.test(agent) || agent.length > 64) {
      return fail(`${which}: "${agent}" is not an agent name (letters, digits, . _ -; agent[:model], ${EXAMPLE})`);
    }
    if (model !== undefined) {
      if (model === "") return fail(`${which} "${item}" has an empty model after ":" (leave out the ":" for the agent's default model)`);
      const checked = modelSchema.safeParse(model);
      if (!checked.success) return fail(`${which} (${agent}): ${checked.error.issues[0]?.message ?? "not a model name"}`);
    }
    runs.push(model === undefined ? { agent } : { agent, model });
  }
  if (runs.length < FAN_OUT_MIN) {
    return fail(`--agents needs at least ${FAN_OUT_MIN} members (${EXAMPLE}); for one agent use --agent NAME [--model M]`);
  }
  if (runs.length > FAN_OUT_MAX) return fail(`--agents takes at most ${FAN_OUT_MAX} members (got ${runs.length})`);
  return { ok: true, value: runs };
}

/** A single run's --model, checked as the server would. */
export function parseModelOption(raw: string): Parsed<string> {
  const checked = modelSchema.safeParse(raw);
  return checked.success ? { ok: true, value: checked.data } : { ok: false, message: `--model: ${checked.error.issues[0]?.message ?? "not a model name"}` };
}

/**
 * --agents / --agent / --model of `run` and `fork`: the members of a fan-out,
 * or the one agent and model of a single run. `--agents` and `--agent`/`--model`
 * do not mix: each member's model goes in the list (agent:model).
 */
export function parseAgentFlags(values: Values): Parsed<{ runs?: FanOutRunArg[]; agent?: string; model?: string }> {
  const agents = values.agents as string | undefined;
  const agent = values.agent as string | undefined;
  const model = values.model as string | undefined;
  if (agents !== undefined) {
    if (agent !== undefined) return { ok: false, message: "--agents and --agent do not go together: list every member in --agents" };
    if (model !== undefined) return { ok: false, message: "--model does not go with --agents: give each member's model there, as agent:model" };
    const runs = parseAgentsOption(agents);
    return runs.ok ? { ok: true, value: { runs: runs.value } } : runs;
  }
  if (model === undefined) return { ok: true, value: agent === undefined ? {} : { agent } };
  const checked = parseModelOption(model);
  if (!checked.ok) return checked;
  return { ok: true, value: { ...(agent !== undefined ? { agent } : {}), model: checked.value } };
}
