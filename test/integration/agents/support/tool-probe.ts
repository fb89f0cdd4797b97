import fs from "node:fs";
import path from "node:path";
import type { EffectivePermissions } from "@/lib/permissions/schema";
import type { PermissionMode } from "@/lib/permissions/constants";
import { isToolResultTurn, lastToolResults, type ModelApi, type ModelRequest, type ToolCall } from "@/test/support/stand-in/model-api";
import type { AgentSuite } from "@/test/integration/agents/support/agent-suite";
import type { AgentRun } from "@/test/integration/agents/support/run-agent";

// Permission tests make the model call the agent's own shell tool once and
// look at what came back: the tool result the CLI sent to the stand-in, and
// whether the command's file appeared in the workspace.

/** Writes ran.txt in the cwd and prints 42: both show whether it really ran. */
export const PROBE_COMMAND = `node -e "require('fs').writeFileSync('ran.txt','ran');console.log(6*7)"`;

export function policy(mode: PermissionMode, rules: { allow?: string[]; deny?: string[] } = {}): EffectivePermissions {
  return { mode, allow: rules.allow ?? [], deny: rules.deny ?? [], source: "run" };
}

/**
 * The stand-in's script: the first model call that offers tools (not a title
 * or memory call) gets `calls`, whether or not the CLI offered that tool;
 * the call answering them gets a closing text.
 */
export function scriptToolCalls(api: Pick<ModelApi, "setScript">, calls: ToolCall[]): void {
  let issued = false;
  api.setScript((request) => {
    if (isToolResultTurn(request)) return { kind: "text", text: `Saw ${lastToolResults(request).length} result(s).` };
    if (!issued && request.tools.length > 0) {
      issued = true;
      return { kind: "tool_use", calls };
    }
    return { kind: "text", text: "Nothing to do." };
  });
}

export type Probe = {
  run: AgentRun;
  /** What the CLI sent back for each call, by the call's id ("probe", and any other). */
  results: Record<string, string | undefined>;
  offered: string[];
  ran: boolean;
};

/**
 * Runs a new session whose model calls `tool` once per entry of `calls` (in
 * one turn), under `permissions`; the "probe" call is PROBE_COMMAND unless given.
 */
export async function probe(
  suite: AgentSuite<ModelApi>,
  tool: string,
  input: (command: string) => Record<string, unknown>,
  permissions: EffectivePermissions,
  others: Record<string, string> = {},
): Promise<Probe> {
  const commands: Record<string, string> = { probe: PROBE_COMMAND, ...others };
  scriptToolCalls(
    suite.api,
    Object.entries(commands).map(([id, command]) => ({ id, name: tool, input: input(command) })),
  );
  const before = suite.api.requests.length;
  const run = await suite.run({ kind: "new" }, "Run the probe.", { permissions });
  const requests = suite.api.requests.slice(before);
  const results: Record<string, string> = {};
  for (const request of requests) for (const result of lastToolResults(request)) if (result.toolCallId) results[result.toolCallId] = result.text;
  return {
    run,
    results,
    offered: requests.find((request: ModelRequest) => request.tools.length > 0)?.tools ?? [],
    ran: fs.existsSync(path.join(suite.sandbox.cwd, "ran.txt")),
  };
}

/** The probe command ran: its file is there and its output reached the model. */
export function expectRan(result: Probe): void {
  expect({ ran: result.ran, output: result.results.probe }).toEqual({ ran: true, output: expect.stringContaining("42") });
}

/** A call was refused and the model was told (`refusal`); for the probe, its file is not there either. */
export function expectRefused(result: Probe, refusal: RegExp, id = "probe"): void {
  if (id === "probe") expect(result.ran).toBe(false);
  expect(result.results[id]).toMatch(refusal);
  expect(result.results[id]).not.toContain("42");
}
